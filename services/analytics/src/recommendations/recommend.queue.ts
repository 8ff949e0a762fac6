import { defineQueue } from '@kinora/common';

/** The recommendation model's recomputes (docs/recommendations.md); each from stored rows, never incremented. */
export type RecommendJobs = {
  /** One member's weights from their sessions and ties, then their rows; e.g. { userId: "…" }. */
  member: { userId: string };
  /** One film's nearest films from every member's weights. */
  film: { filmId: number };
  /** The visitors' rows (trending per genre), after views arrived. */
  everyone: Record<string, never>;
  /** Everything: every member's weights, every film's neighbours, every member's rows, the visitors' rows. */
  full: Record<string, never>;
};

export const RECOMMEND_QUEUE = defineQueue<RecommendJobs>('analytics-recommendations', [
  'member',
  'film',
  'full',
]);
export const RECOMMEND = Symbol('RECOMMEND');

/** At most one job waits per member, per film, for the visitors' rows and for the full recompute (lifted when it starts). */
export const memberKey = ({ userId }: RecommendJobs['member']) => `member:${userId}`;
export const filmKey = ({ filmId }: RecommendJobs['film']) => `film:${filmId}`;
export const FULL_KEY = 'full';
export const EVERYONE_KEY = 'everyone';
/** A member's changes arriving together are taken in one recompute. */
const MEMBER_DELAY_MS = 500;

/** A member's recompute: one waits at most, and changes arriving together are taken at once. */
export function memberJob(userId: string) {
  return {
    payload: { userId },
    options: { deduplication: { id: memberKey({ userId }) }, delay: MEMBER_DELAY_MS, removeOnComplete: true },
  };
}
