import type { CreatorAnalytics, CreatorFilmFigures, PlatformAnalytics } from '@/lib/api/types';

/** `days` calendar days ending 2026-03-10, oldest first. */
const daysEnding = (days: number) =>
  Array.from({ length: days }, (_, index) =>
    new Date(Date.UTC(2026, 2, 10 - (days - 1 - index))).toISOString().slice(0, 10),
  );

export const makeFilmFigures = (overrides: Partial<CreatorFilmFigures> = {}): CreatorFilmFigures => ({
  film: {
    id: 4,
    title: 'Live One',
    genre: 'Thriller',
    duration: 12,
    durationSeconds: 720,
    status: 'published',
    posterUrl: null,
  },
  views: 1520,
  watchTime: 45_000,
  periodViews: 320,
  periodWatchTime: 9000,
  completionRate: 0.42,
  // Everyone starts; half are left at the midpoint; 40 % reach the end.
  retention: Array.from({ length: 100 }, (_, percent) =>
    percent < 50 ? 1 - percent / 100 : 0.5 - (percent - 50) / 500,
  ),
  ...overrides,
});

/** GET /api/analytics/creator/{id} as the generated type describes it. */
export const makeCreatorAnalytics = (overrides: Partial<CreatorAnalytics> = {}): CreatorAnalytics => ({
  creatorId: 4,
  days: 30,
  totalViews: 12_345,
  totalWatchTime: 3725 * 100,
  periodViews: 2400,
  periodWatchTime: 7260,
  recommendedViews: 180,
  averageRating: 7.4,
  totalFollowers: 1200,
  subscriberGrowth: daysEnding(7).map((date, index) => ({
    date,
    subscribers: [3, 0, 5, -1, 2, 4, 1][index]!,
  })),
  growthRate: { followers: 1200, followersMonthAgo: 1000, percent: 20 },
  topFilms: [
    makeFilmFigures(),
    ...['Second Reel', 'Third Act', 'Fourth Wall', 'Fifth Frame', 'Sixth Sense'].map((title, index) =>
      makeFilmFigures({
        film: { ...makeFilmFigures().film, id: 10 + index, title },
        views: 1000 - index * 100,
        watchTime: 3600 * (5 - index),
      }),
    ),
  ],
  demographics: {
    countries: [
      { name: 'DE', country: 'DE', sessions: 500, percentage: 41.7 },
      { name: 'US', country: 'US', sessions: 300, percentage: 25 },
      { name: 'FR', country: 'FR', sessions: 150, percentage: 12.5 },
      { name: 'ES', country: 'ES', sessions: 100, percentage: 8.3 },
      { name: 'IT', country: 'IT', sessions: 60, percentage: 5 },
      { name: 'NL', country: 'NL', sessions: 40, percentage: 3.3 },
      { name: 'SE', country: 'SE', sessions: 30, percentage: 2.5 },
      { name: 'Unknown', country: 'Unknown', sessions: 15, percentage: 1.3 },
      { name: 'PL', country: 'PL', sessions: 5, percentage: 0.4 },
    ],
    devices: [
      { name: 'desktop', device: 'desktop', sessions: 750, percentage: 62.5 },
      { name: 'mobile', device: 'mobile', sessions: 350, percentage: 29.2 },
      { name: 'tablet', device: 'tablet', sessions: 100, percentage: 8.3 },
    ],
    browsers: [{ name: 'Chrome', sessions: 900, percentage: 75 }],
  },
  daily: daysEnding(30).map((date, index) => ({
    date,
    views: 80 + index,
    watchTime: 240,
    sessions: 100 + index,
  })),
  insights: [
    {
      kind: 'best-day',
      title: 'Saturdays are your best day',
      detail: 'You get 32% more views on Saturdays.',
    },
    {
      kind: 'drop-off',
      title: 'Viewers leave around 40%',
      detail: 'Live One loses a third of its audience there.',
    },
  ],
  computedAt: null,
  ...overrides,
});

/** GET /api/analytics/admin as the generated type describes it. */
export const makePlatformAnalytics = (overrides: Partial<PlatformAnalytics> = {}): PlatformAnalytics => ({
  days: 30,
  platformStats: {
    totalUsers: 5230,
    activeUsers: 1870,
    totalFilms: 312,
    pendingFilms: 7,
    totalWatchTime: 4_500_000,
    totalViews: 98_765,
  },
  revenueMetrics: {
    totalCost: 2345.67,
    costPerView: 0.0237,
    costPerHour: 1.8765,
    targetCostPerView: 0.09,
    withinTarget: true,
    monthlyCosts: ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'].map((month, index) => ({
      month,
      cost: 300 + index * 50,
      views: 10_000 + index * 1000,
    })),
    breakdown: { egress: 1800.5, transcoding: 420.17, storage: 125 },
    prices: { egressPerGb: 0.05, transcodePerMinute: 0.015, storagePerGbMonth: 0.023 },
  },
  growthMetrics: {
    newUsers: 420,
    newFilms: 35,
    views: 8400,
    userGrowth: daysEnding(30).map((date) => ({ date, users: 14 })),
    contentGrowth: daysEnding(30).map((date, index) => ({ date, films: index % 3 === 0 ? 3 : 1 })),
    viewingGrowth: daysEnding(30).map((date, index) => ({
      date,
      views: 250 + index,
      watchTime: 36_000,
      viewers: 180 + index,
    })),
  },
  topPerformers: {
    films: [
      { film: { ...makeFilmFigures().film, id: 4, title: 'Live One' }, views: 3200, rating: 8.6 },
      { film: { ...makeFilmFigures().film, id: 5, title: 'Glass Orchard' }, views: 2100, rating: 0 },
    ],
    creators: [
      { creator: { id: 4, name: 'Omar Haddad', isVerified: true }, followers: 1200, views: 5300 },
      { creator: { id: 6, name: 'Lena Park', isVerified: false }, followers: 80, views: 900 },
    ],
  },
  adMetrics: {
    totalRevenue: 1234.5,
    totalImpressions: 48_200,
    totalClicks: 964,
    averageCTR: 0.02,
    completionRate: 0.71,
    activeCampaigns: 3,
    totalBudget: 25_000,
    preRoll: { revenue: 700.25, views: 27_000 },
    midRoll: { revenue: 420.75, views: 15_200 },
    postRoll: { revenue: 113.5, views: 6000 },
    daily: daysEnding(30).map((date, index) => ({
      date,
      revenue: 40 + index,
      impressions: 1500 + index * 10,
      clicks: 30 + (index % 5),
    })),
  },
  recommendations: [
    { rowKind: 'for-you', impressions: 1200, clicks: 150, clickThrough: 0.125 },
    { rowKind: 'trending-in-genre', impressions: 3400, clicks: 102, clickThrough: 0.03 },
    { rowKind: 'more-like-this', impressions: 900, clicks: 0, clickThrough: 0 },
  ],
  computedAt: null,
  ...overrides,
});
