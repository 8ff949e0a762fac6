import type { Critic } from '@/lib/api/types';

/** A critic as GET /api/critics lists them, for this feature's tests. */
export const makeCritic = (overrides: Partial<Critic> = {}): Critic => ({
  id: 4,
  bio: 'Forty years of film criticism.',
  website: null,
  user: { firstName: 'Pauline', lastName: 'Kael', profileImageUrl: null },
  isVerified: true,
  socialLinks: { twitter: '@kael', instagram: null, linkedin: null, website: 'https://kael.example.com' },
  expertise: ['Drama'],
  _count: { followers: 3 },
  followerCount: 3,
  reviewCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
