import type { StudioFilm } from '@/lib/api/types';

import { makeFilm } from './fixtures';

/** A creator's film as GET /api/studio/films returns it: pending review, video ready. */
export const makeStudioFilm = (overrides: Partial<StudioFilm> = {}): StudioFilm => ({
  ...makeFilm({
    id: 7,
    title: 'Glass Orchard',
    status: 'pending',
    viewCount: 0,
    rating: '0.0',
    publishedAt: null,
  }),
  media: { status: 'ready', progress: 100, failureReason: null },
  moderationReason: null,
  aiDisclosure: {
    tools: ['Runway'],
    parts: ['visuals'],
    realLikeness: false,
    likenessConsent: false,
    notes: null,
  },
  captions: [],
  ...overrides,
});
