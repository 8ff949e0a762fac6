// TEMPORARY, to be replaced by the generated types: the studio shapes as the catalog's studio API
// answers them, written by hand until its OpenAPI document (and so lib/api/schema.gen.ts) has them.
// Once it does, each name below becomes an alias in lib/api/types.ts and this file goes.
import type { AiPart, MediaStatus } from '@kinora/contracts';

import type { Film } from '@/lib/api/types';

export type AiDisclosure = {
  tools: string[];
  parts: string[];
  realLikeness: boolean;
  likenessConsent: boolean;
  notes: string | null;
};

export type CaptionSummary = { language: string; label: string };
export type CaptionInput = { language: string; label: string; vtt: string };

/** One of the signed-in creator's films, in any status, with its media's progress. */
export type StudioFilm = Omit<Film, 'aiDisclosure' | 'captions'> & {
  media: { status: MediaStatus; progress: number; failureReason: string | null };
  moderationReason: string | null;
  aiDisclosure: AiDisclosure | null;
  captions: CaptionSummary[];
};

export type AiDisclosureInput = {
  tools: string[];
  parts: AiPart[];
  realLikeness: boolean;
  likenessConsent: boolean;
  notes?: string;
};

/** POST /api/studio/films. */
export type CreateStudioFilmInput = {
  uploadId: string;
  title: string;
  description: string;
  genre: string;
  language: string;
  releaseYear: number;
  captions?: CaptionInput[];
  aiDisclosure: AiDisclosureInput;
};

/** PATCH /api/studio/films/{id}: any of these. */
export type UpdateStudioFilmInput = Partial<Omit<CreateStudioFilmInput, 'uploadId' | 'captions'>>;
