/**
 * Full-page browser navigations (e.g. /api/login, /api/logout), kept behind one object so tests can
 * observe them: jsdom does not implement navigation.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
