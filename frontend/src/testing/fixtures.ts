import type { Creator, CreatorProfile, Film, FilmCreator, PosterSource } from '@/lib/api/types';

/** The WebP poster variants catalog-worker writes beside a film's poster.jpg. */
export const makePosterSources = (filmId: number, widths = [160, 240, 320, 480, 720]): PosterSource[] =>
  widths.map((width) => ({
    url: `/media/films/${filmId}/poster-${width}.webp`,
    width,
    height: width * 1.5,
    type: 'image/webp',
  }));

export const makeFilmCreator = (overrides: Partial<FilmCreator> = {}): FilmCreator => ({
  id: 4,
  userId: 'u-omar',
  bio: 'Thrillers built from noise.',
  isVerified: true,
  followerCount: 1200,
  user: { firstName: 'Omar', lastName: 'Haddad', profileImageUrl: null },
  ...overrides,
});

export const makeFilm = (overrides: Partial<Film> = {}): Film => ({
  id: 3,
  title: 'Sombra Binaria',
  description: 'A binary shadow follows a detective through a city that rewrites itself.',
  genre: 'Thriller',
  language: 'Spanish',
  duration: 12,
  releaseYear: 2025,
  rating: '7.0',
  reviewCount: 3,
  viewCount: 1234,
  posterUrl: '/media/films/3/poster.jpg',
  posterSources: makePosterSources(3),
  videoUrl: '/media/films/3/master.m3u8',
  isFeatured: false,
  status: 'published',
  createdAt: '2025-01-02T10:00:00.000Z',
  publishedAt: '2025-01-03T10:00:00.000Z',
  creator: makeFilmCreator(),
  aiDisclosure: null,
  captions: [],
  ...overrides,
});

export const makeCreator = (overrides: Partial<Creator> = {}): Creator => ({
  id: 4,
  userId: 'u-omar',
  bio: 'Thrillers built from noise. Sound designer turned director.',
  website: 'https://omarhaddad.example',
  socialLinks: { twitter: 'omar_haddad' },
  isVerified: true,
  followerCount: 1200,
  createdAt: '2024-06-01T10:00:00.000Z',
  user: { firstName: 'Omar', lastName: 'Haddad', profileImageUrl: null },
  films: [makeFilm()],
  _count: { followers: 1200, films: 1 },
  ...overrides,
});

export const makeCreatorProfile = (overrides: Partial<CreatorProfile> = {}): CreatorProfile => ({
  ...makeCreator(),
  user: {
    firstName: 'Omar',
    lastName: 'Haddad',
    profileImageUrl: null,
    email: 'omar.haddad@creators.kinora.test',
  },
  stats: { totalFilms: 1, followers: 1200, totalViews: 1234, averageRating: 7.4 },
  ...overrides,
});
