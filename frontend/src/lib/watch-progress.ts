import { CONTINUE_WATCHING_FULL_BAR_S } from '@/config/constants';
import { formatTimeLeft } from '@/lib/format';
import type { ListEntry } from '@/lib/api/types';

/**
 * The film's length in seconds: the entry's exact length when the list knows it, else the film's
 * minutes, else null (unknown).
 */
export function filmLengthSeconds(entry: Pick<ListEntry, 'durationSeconds' | 'film'>): number | null {
  if (entry.durationSeconds !== null && entry.durationSeconds > 0) return entry.durationSeconds;
  if (entry.film.durationMinutes !== null && entry.film.durationMinutes > 0) {
    return entry.film.durationMinutes * 60;
  }
  return null;
}

/**
 * How far along the film is (0–1, against its length; a film of unknown length fills the bar at
 * CONTINUE_WATCHING_FULL_BAR_S) and the time left in words ("5 min left", "<1 min left"), null
 * when the length is unknown.
 */
export function watchProgress(entry: ListEntry): { timeLeft: string | null; fraction: number } {
  const progress = Math.max(0, entry.progressSeconds ?? 0);
  const length = filmLengthSeconds(entry);
  const fraction = Math.min(1, progress / (length ?? CONTINUE_WATCHING_FULL_BAR_S));
  return { timeLeft: length === null ? null : formatTimeLeft(Math.max(0, length - progress)), fraction };
}
