import type { PendingFilm, Report } from '@/lib/api/types';

export const makePendingFilm = (overrides: Partial<PendingFilm> = {}): PendingFilm => ({
  id: 21,
  title: 'Fractal Tide',
  description: 'A coastline that refuses to stop unfolding.',
  genre: 'Sci-Fi',
  language: 'English',
  duration: 9,
  releaseYear: 2025,
  posterUrl: '/media/films/21/poster.jpg',
  videoUrl: '/media/films/21/master.m3u8',
  status: 'pending',
  createdAt: '2025-04-01T10:00:00.000Z',
  aiDisclosure: {
    tools: ['Mandelbrot renderer', 'Voice synth'],
    parts: ['visuals', 'voice'],
    realLikeness: true,
    likenessConsent: true,
    notes: 'The narrator agreed in writing.',
  },
  creator: {
    id: 4,
    userId: 'u-omar',
    user: {
      id: 'u-omar',
      firstName: 'Omar',
      lastName: 'Haddad',
      email: 'omar@example.com',
      profileImageUrl: null,
    },
  },
  ...overrides,
});

export const makeReport = (overrides: Partial<Report> = {}): Report => ({
  id: 7,
  subjectType: 'film',
  subjectId: 21,
  reason: 'undisclosed_ai',
  details: 'The voices sound generated but nothing says so.',
  status: 'open',
  note: null,
  createdAt: '2025-04-02T10:00:00.000Z',
  resolvedAt: null,
  reporter: { id: 'u-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  subject: { title: 'Fractal Tide' },
  ...overrides,
});
