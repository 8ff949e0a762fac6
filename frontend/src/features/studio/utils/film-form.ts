import {
  AI_NOTES_MAX_LENGTH,
  AI_PARTS,
  AI_TOOL_MAX_LENGTH,
  AI_TOOLS_MAX,
  CAPTION_LABEL_MAX_LENGTH,
  CAPTION_LANGUAGE_MAX_LENGTH,
  CAPTION_LANGUAGE_PATTERN,
  CAPTION_VTT_MAX_BYTES,
  CAPTIONS_MAX,
  FILM_DESCRIPTION_MAX_LENGTH,
  FILM_RELEASE_YEAR_MIN,
  FILM_TITLE_MAX_LENGTH,
  GENRES,
  LANGUAGES,
  type AiPart,
  type Genre,
  type Language,
} from '@kinora/contracts';

import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';

import type { CaptionInput, StudioFilm } from '@/lib/api/types';
import { applyServerErrors, type ServerFieldMap } from '@/lib/server-errors';

import { studioErrorText } from './studio-errors';

// The catalog's limits for a film's details, shared with the service through @kinora/contracts.
export const TITLE_MAX = FILM_TITLE_MAX_LENGTH;
export const DESCRIPTION_MAX = FILM_DESCRIPTION_MAX_LENGTH;
export const FIRST_RELEASE_YEAR = FILM_RELEASE_YEAR_MIN;
export const CAPTION_LABEL_MAX = CAPTION_LABEL_MAX_LENGTH;
export const AI_TOOL_MAX = AI_TOOL_MAX_LENGTH;
export const AI_NOTES_MAX = AI_NOTES_MAX_LENGTH;
export { AI_PARTS, AI_TOOLS_MAX, CAPTIONS_MAX, CAPTION_VTT_MAX_BYTES };

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
  aiParts: film.aiDisclosure?.parts ?? [],
  realLikeness: film.aiDisclosure?.realLikeness ?? false,
  likenessConsent: film.aiDisclosure?.likenessConsent ?? false,
  aiNotes: film.aiDisclosure?.notes ?? '',
});

/** A film's details and AI disclosure, with the words the form shows beside each field. */
export const filmDetailsSchema = z
  .object({
    title: z
      .string()
      .refine((text) => text.trim() !== '', 'Title is required')
      .refine((text) => text.trim().length <= TITLE_MAX, `Title is at most ${TITLE_MAX} characters`),
    description: z.string().max(DESCRIPTION_MAX, `Description is at most ${DESCRIPTION_MAX} characters`),
    genre: z.string().refine((text) => (GENRES as readonly string[]).includes(text), 'Choose a genre'),
    language: z
      .string()
      .refine((text) => (LANGUAGES as readonly string[]).includes(text), 'Choose a language'),
    releaseYear: z.string().refine(
      (text) => {
        const year = Number(text);
        return /^\d{4}$/.test(text.trim()) && year >= FIRST_RELEASE_YEAR && year <= latestReleaseYear();
      },
      // A function: the latest year is next year, whenever the form is checked.
      () => ({ message: `Release year is between ${FIRST_RELEASE_YEAR} and ${latestReleaseYear()}` }),
    ),
    aiTools: z.array(z.string()).max(AI_TOOLS_MAX, `List at most ${AI_TOOLS_MAX} tools`),
    aiParts: z.array(z.enum(AI_PARTS)),
    realLikeness: z.boolean(),
    likenessConsent: z.boolean(),
    aiNotes: z.string().max(AI_NOTES_MAX, `Notes are at most ${AI_NOTES_MAX} characters`),
  })
  .refine((values) => !values.realLikeness || values.likenessConsent, {
    path: ['likenessConsent'],
    message: 'Confirm you have the consent of the people whose likeness or voice appears',
  }) satisfies z.ZodType<FilmDetailsValues>;

/** The first problem of each field, in words the form shows beside it. */
export function validateFilmDetails(values: FilmDetailsValues): FilmDetailsErrors {
  const result = filmDetailsSchema.safeParse(values);
  const errors: FilmDetailsErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof FilmDetailsValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The fields a 400 of POST and PATCH /api/studio/films names. */
export const FILM_DETAILS_SERVER_FIELDS: ServerFieldMap<FilmDetailsValues> = {
  title: 'title',
  description: 'description',
  genre: 'genre',
  language: 'language',
  releaseYear: 'releaseYear',
  'aiDisclosure.tools': 'aiTools',
  'aiDisclosure.notes': 'aiNotes',
  'aiDisclosure.likenessConsent': 'likenessConsent',
};

/** A refusal of the film's details: beside each refused field, else in plain words under the form. */
export function showFilmDetailsError(error: unknown, setError: UseFormSetError<FilmDetailsValues>) {
  if (applyServerErrors(error, setError, FILM_DETAILS_SERVER_FIELDS, { fallback: false }).length === 0)
    setError('root.server', { message: studioErrorText(error) });
}

/** Problems of the caption list: by caption key, plus one for the whole list. */
export function validateCaptions(captions: CaptionDraft[]): { list?: string; byKey: Record<string, string> } {
  const byKey: Record<string, string> = {};
  const seen = new Set<string>();
  for (const caption of captions) {
    const language = caption.language.trim();
    if (!CAPTION_LANGUAGE_PATTERN.test(language) || language.length > CAPTION_LANGUAGE_MAX_LENGTH)
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
  if (!vtt.replace(/^\uFEFF/, '').startsWith('WEBVTT'))
    return 'is not a WebVTT file (it must start with WEBVTT)';
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
  // Checked against GENRES and LANGUAGES by validateFilmDetails before anything is sent.
  genre: values.genre as Genre,
  language: values.language as Language,
  releaseYear: Number(values.releaseYear),
  aiDisclosure: toAiDisclosure(values),
});
