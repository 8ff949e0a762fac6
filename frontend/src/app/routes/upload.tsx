// /upload is the same screen as /uploadfilm (onboarding links here, the dashboard there).
export { default } from './upload-film';
