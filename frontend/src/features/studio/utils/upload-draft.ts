import { emptyFilmDetails, type FilmDetailsValues } from './film-form';

/**
 * The details typed while a file uploads, kept in this browser so that a reload or a restart, which
 * resumes the upload, does not lose them either. Caption files are not kept (they are re-added).
 */
const KEY = 'kinora.studio.upload-draft';

export function loadUploadDraft(): FilmDetailsValues {
  try {
    const saved = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Partial<FilmDetailsValues> | null;
    return saved && typeof saved === 'object' ? { ...emptyFilmDetails(), ...saved } : emptyFilmDetails();
  } catch {
    return emptyFilmDetails();
  }
}

export function saveUploadDraft(values: FilmDetailsValues): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the draft is only a convenience.
  }
}

export function clearUploadDraft(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
