/** A member's progress in a film as one event gives it (continue-watching.repository.ts has the rules). */
export interface Progress {
  userId: string;
  filmId: number;
  watchedAt: Date;
  finished: boolean;
  /** Where the member stopped, in whole seconds (0 for a finished film: it is not shown). */
  seconds: number;
  /** The film's length, null when the event does not know it. */
  durationSeconds: number | null;
}

/**
 * What a batch's events for one member and film come to. Applied one by one, an event changes
 * anything only if it is newer than the film's mark (and the member's last clear), the mark
 * moving to it; so the events applied are those newer than every event before them in the batch
 * ("records") and newer than the mark, and the newest record, the first event of the newest
 * watched_at, decides where the member is and whether the film is finished. Records before it
 * leave two traces, which apply only if they are newer than the mark as well:
 * - `finishedAt`: an earlier record finished the film, dropping the entry, so this progress makes
 *   a new one (a new id and created_at), and a length known before that finish is gone;
 * - `lengthFrom`: this progress does not know the film's length and an earlier record (after any
 *   finish) did, so that length is kept, as the entry the earlier record wrote would have kept it.
 */
export interface CollapsedProgress extends Progress {
  finishedAt: Date | null;
  lengthFrom: { durationSeconds: number; watchedAt: Date } | null;
}

/** The batch's progress per member and film, in the order each pair first appears. */
export function collapseProgress(batch: readonly Progress[]): CollapsedProgress[] {
  const pairs = new Map<string, CollapsedProgress>();
  for (const progress of batch) {
    const key = `${progress.filmId}:${progress.userId}`;
    const newest = pairs.get(key);
    if (!newest) {
      pairs.set(key, { ...progress, finishedAt: null, lengthFrom: null });
      continue;
    }
    // Watched at the same moment as an earlier event or before: one by one, it would change nothing.
    if (progress.watchedAt.getTime() <= newest.watchedAt.getTime()) continue;
    let { finishedAt, lengthFrom } = newest;
    if (newest.finished) {
      finishedAt = newest.watchedAt;
      lengthFrom = null;
    } else if (newest.durationSeconds !== null) {
      lengthFrom = { durationSeconds: newest.durationSeconds, watchedAt: newest.watchedAt };
    }
    pairs.set(key, { ...progress, finishedAt, lengthFrom });
  }
  return [...pairs.values()];
}

/** Splits the pairs into groups of at most `members` members, each member's pairs in one group. */
export function byMembers<T extends { userId: string }>(pairs: readonly T[], members: number): T[][] {
  const ofMember = new Map<string, T[]>();
  for (const pair of pairs) {
    const own = ofMember.get(pair.userId);
    if (own) own.push(pair);
    else ofMember.set(pair.userId, [pair]);
  }
  const groups: T[][] = [];
  let group: T[] = [];
  let count = 0;
  for (const own of ofMember.values()) {
    if (count === members) {
      groups.push(group);
      group = [];
      count = 0;
    }
    group.push(...own);
    count += 1;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
