import { GENRES, LANGUAGES } from '@kinora/contracts';

import { AI_PARTS, type AiPart, type CaptionInput, type StudioFilm } from '../api/types';

// The catalog's limits for a film's details (docs/catalog.md, the creator studio).
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const FIRST_RELEASE_YEAR = 1888;
export const CAPTIONS_MAX = 8;
export const CAPTION_LABEL_MAX = 40;
export const CAPTION_VTT_MAX_BYTES = 1024 * 1024;
export const AI_TOOLS_MAX = 10;
export const AI_TOOL_MAX = 60;
export const AI_NOTES_MAX = 500;

export const AI_PART_LABELS: Record<AiPart, string> = {
  visuals: 'Visuals',
  sound: 'Sound & music',
  voice: 'Voice',
  script: 'Script',
};

export const latestReleaseYear = () => new Date().getFullYear() + 1;

/** A caption file being added: read as text, with the language and label the creator gives it. */
export type CaptionDraft = { key: string; fileName: string; language: string; label: string; vtt: string };

export type FilmDetailsValues = {
  title: string;
  description: string;
  genre: string;
  language: string;
  releaseYear: string;
  aiTools: string[];
  aiParts: AiPart[];
  realLikeness: boolean;
  likenessConsent: boolean;
  aiNotes: string;
};

export type FilmDetailsErrors = Partial<Record<keyof FilmDetailsValues, string>>;

export const emptyFilmDetails = (): FilmDetailsValues => ({
  title: '',
  description: '',
  genre: '',
  language: '',
  releaseYear: String(new Date().getFullYear()),
  aiTools: [],
  aiParts: [],
  realLikeness: false,
  likenessConsent: false,
  aiNotes: '',
});

export const filmDetailsOf = (film: StudioFilm): FilmDetailsValues => ({
  title: film.title,
  description: film.description ?? '',
  genre: film.genre,
  language: film.language,
  releaseYear: String(film.releaseYear),
  aiTools: film.aiDisclosure?.tools ?? [],
  aiParts: (film.aiDisclosure?.parts ?? []).filter((part): part is AiPart =>
    (AI_PARTS as readonly string[]).includes(part),
  ),
  realLikeness: film.aiDisclosure?.realLikeness ?? false,
  likenessConsent: film.aiDisclosure?.likenessConsent ?? false,
  aiNotes: film.aiDisclosure?.notes ?? '',
});

/** The first problem of each field, in words the form shows beside it. */
export function validateFilmDetails(values: FilmDetailsValues): FilmDetailsErrors {
  const errors: FilmDetailsErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'Title is required';
  else if (title.length > TITLE_MAX) errors.title = `Title is at most ${TITLE_MAX} characters`;
  if (values.description.length > DESCRIPTION_MAX)
    errors.description = `Description is at most ${DESCRIPTION_MAX} characters`;
  if (!(GENRES as readonly string[]).includes(values.genre)) errors.genre = 'Choose a genre';
  if (!(LANGUAGES as readonly string[]).includes(values.language)) errors.language = 'Choose a language';
  const year = Number(values.releaseYear);
  if (!/^\d{4}$/.test(values.releaseYear.trim()) || year < FIRST_RELEASE_YEAR || year > latestReleaseYear())
    errors.releaseYear = `Release year is between ${FIRST_RELEASE_YEAR} and ${latestReleaseYear()}`;
  if (values.aiTools.length > AI_TOOLS_MAX) errors.aiTools = `List at most ${AI_TOOLS_MAX} tools`;
  if (values.aiNotes.length > AI_NOTES_MAX) errors.aiNotes = `Notes are at most ${AI_NOTES_MAX} characters`;
  if (values.realLikeness && !values.likenessConsent)
    errors.likenessConsent = "Confirm you have the consent of the people whose likeness or voice appears";
  return errors;
}

const CAPTION_LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Problems of the caption list: by caption key, plus one for the whole list. */
export function validateCaptions(captions: CaptionDraft[]): { list?: string; byKey: Record<string, string> } {
  const byKey: Record<string, string> = {};
  const seen = new Set<string>();
  for (const caption of captions) {
    const language = caption.language.trim();
    if (!CAPTION_LANGUAGE.test(language) || language.length > 12)
      byKey[caption.key] = 'Language is a code such as en or pt-BR';
    else if (seen.has(language.toLowerCase())) byKey[caption.key] = `Two caption files are in ${language}`;
    else if (!caption.label.trim()) byKey[caption.key] = 'Give the captions a label, e.g. English';
    else if (caption.label.trim().length > CAPTION_LABEL_MAX)
      byKey[caption.key] = `The label is at most ${CAPTION_LABEL_MAX} characters`;
    seen.add(language.toLowerCase());
  }
  return {
    list: captions.length > CAPTIONS_MAX ? `At most ${CAPTIONS_MAX} caption files` : undefined,
    byKey,
  };
}

export const captionsValid = (captions: CaptionDraft[]) => {
  const { list, byKey } = validateCaptions(captions);
  return !list && Object.keys(byKey).length === 0;
};

/** Why a caption file cannot be used, or null: WebVTT text of at most 1 MB. */
export function checkVttText(vtt: string, bytes: number): string | null {
  if (bytes > CAPTION_VTT_MAX_BYTES) return 'is larger than 1 MB';
  if (!vtt.replace(/^\uFEFF/, '').startsWith('WEBVTT')) return 'is not a WebVTT file (it must start with WEBVTT)';
  return null;
}

export const toCaptionInputs = (captions: CaptionDraft[]): CaptionInput[] =>
  captions.map(({ language, label, vtt }) => ({ language: language.trim(), label: label.trim(), vtt }));

export const toAiDisclosure = (values: FilmDetailsValues) => ({
  tools: values.aiTools,
  parts: values.aiParts,
  realLikeness: values.realLikeness,
  likenessConsent: values.realLikeness && values.likenessConsent,
  ...(values.aiNotes.trim() ? { notes: values.aiNotes.trim() } : {}),
});

/** The fields POST and PATCH /api/studio/films take, trimmed. */
export const toFilmDetailsInput = (values: FilmDetailsValues) => ({
  title: values.title.trim(),
  description: values.description.trim(),
  genre: values.genre,
  language: values.language,
  releaseYear: Number(values.releaseYear),
  aiDisclosure: toAiDisclosure(values),
});

