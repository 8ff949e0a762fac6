import { COMPLETED_FRACTION, VIEW_QUALIFYING_SECONDS, VIEW_SHORT_FILM_SECONDS } from '@kinora/contracts';

/** Whole seconds of the film, [start, end), sorted and disjoint. */
export type Ranges = Array<[number, number]>;

/** What a stored write of a session and the session merged from its writes both hold. */
interface SessionFields {
  sessionId: string;
  filmId: number;
  day: string;
  userId: string | null;
  writer: string;
  viewerKey: string;
  deviceType: string;
  agentDevice: string;
  browser: string;
  os: string;
  country: string;
  referrer: string;
  startedAt: Date;
  startPosition: number;
  endPosition: number;
  totalWatchTime: number;
  pauseCount: number;
  seekCount: number;
  clientUpdatedAt: Date;
  endedAt: Date | null;
  watched: Ranges;
  bitrateKbps: number;
}

/** One stored write of a session (a row of session_events). */
export interface SessionWrite extends SessionFields {
  started: boolean;
  receivedAt: Date;
}

/** A viewing session as merged so far (a row of viewing_sessions). */
export interface SessionState extends SessionFields {
  maxPosition: number;
  lastReceivedAt: Date;
  qualifiedAt: Date | null;
  completed: boolean;
  progressPublishedAt: Date | null;
}

/** Seconds a session must watch to count as a view: 30, or half of a film shorter than a minute. */
export function qualifyingSeconds(durationSeconds: number): number {
  return durationSeconds > 0 && durationSeconds < VIEW_SHORT_FILM_SECONDS
    ? durationSeconds / 2
    : VIEW_QUALIFYING_SECONDS;
}

/** Reached 90% of a film of known length. */
export function isCompleted(maxPosition: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && maxPosition >= COMPLETED_FRACTION * durationSeconds;
}

/** The union of two range lists, whole seconds (start rounded down, end up). */
export function unionRanges(a: Ranges, b: Ranges): Ranges {
  const all = [...a, ...b]
    .map(([start, end]): [number, number] => [Math.floor(start), Math.ceil(end)])
    .filter(([start, end]) => end > start)
    .sort((x, y) => x[0] - y[0]);
  const merged: Ranges = [];
  for (const [start, end] of all) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * Applies one write to a session, forward only: counters and watch time keep their highest value,
 * watched ranges add up, the end position is the one of the latest client update, and the context
 * (device, country, referrer) comes from the start. A write from another writer than the one the
 * session was bound to is ignored (returns the state unchanged). `durationSeconds` is the film's
 * length as known (0 if not yet).
 */
export function applyWrite(
  state: SessionState | null,
  write: SessionWrite,
  durationSeconds: number,
): SessionState {
  if (state && state.writer !== write.writer) return state;
  const base: SessionState = state ?? {
    sessionId: write.sessionId,
    filmId: write.filmId,
    day: write.day,
    userId: write.userId,
    writer: write.writer,
    viewerKey: '',
    deviceType: '',
    agentDevice: '',
    browser: '',
    os: '',
    country: '',
    referrer: '',
    startedAt: write.startedAt,
    startPosition: write.startPosition,
    endPosition: write.endPosition,
    maxPosition: 0,
    totalWatchTime: 0,
    pauseCount: 0,
    seekCount: 0,
    clientUpdatedAt: write.clientUpdatedAt,
    endedAt: null,
    watched: [],
    bitrateKbps: 0,
    lastReceivedAt: write.receivedAt,
    qualifiedAt: null,
    completed: false,
    progressPublishedAt: null,
  };
  const next: SessionState = { ...base };
  if (write.started && !base.viewerKey) {
    Object.assign(next, {
      viewerKey: write.viewerKey,
      deviceType: write.deviceType,
      agentDevice: write.agentDevice,
      browser: write.browser,
      os: write.os,
      country: write.country,
      referrer: write.referrer,
      startPosition: write.startPosition,
    });
  }
  const newer =
    write.clientUpdatedAt.getTime() > base.clientUpdatedAt.getTime() ||
    (write.clientUpdatedAt.getTime() === base.clientUpdatedAt.getTime() &&
      write.endPosition > base.endPosition);
  if (newer || !state) {
    next.endPosition = write.endPosition;
    if (write.bitrateKbps > 0) next.bitrateKbps = write.bitrateKbps;
  } else if (!base.bitrateKbps && write.bitrateKbps > 0) {
    next.bitrateKbps = write.bitrateKbps;
  }
  next.clientUpdatedAt = later(write.clientUpdatedAt, base.clientUpdatedAt);
  next.watched = unionRanges(base.watched, write.watched);
  next.maxPosition = Math.max(
    base.maxPosition,
    write.endPosition,
    next.watched.length ? next.watched[next.watched.length - 1]![1] : 0,
  );
  next.totalWatchTime = Math.max(base.totalWatchTime, write.totalWatchTime);
  next.pauseCount = Math.max(base.pauseCount, write.pauseCount);
  next.seekCount = Math.max(base.seekCount, write.seekCount);
  next.endedAt =
    write.endedAt && base.endedAt ? later(write.endedAt, base.endedAt) : (write.endedAt ?? base.endedAt);
  next.lastReceivedAt = later(write.receivedAt, base.lastReceivedAt);
  if (!next.qualifiedAt && next.totalWatchTime >= qualifyingSeconds(durationSeconds)) {
    // When the client says it happened, within the session and not after the server heard of it.
    const at = Math.min(
      Math.max(write.clientUpdatedAt.getTime(), next.startedAt.getTime()),
      write.receivedAt.getTime(),
    );
    next.qualifiedAt = new Date(at);
  }
  next.completed = base.completed || isCompleted(next.maxPosition, durationSeconds);
  return next;
}

/** int4multirange text, e.g. "{[0,30),[45,60)}". */
export function rangesToSql(ranges: Ranges): string {
  return `{${ranges.map(([start, end]) => `[${start},${end})`).join(',')}}`;
}

export function rangesFromSql(text: string): Ranges {
  return [...text.matchAll(/[[(](-?\d+),(-?\d+)[\])]/g)].map((m) => [Number(m[1]), Number(m[2])]);
}
