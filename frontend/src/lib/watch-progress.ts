import { CONTINUE_WATCHING_FULL_BAR_S } from '@/config/constants';
import type { ListEntry } from '@/lib/api/types';

/** Minutes left and how far along the film is (0–1), against the film's own length when known. */
export function watchProgress(entry: ListEntry): { minutesLeft: number | null; fraction: number } {
  const progress = Math.max(0, entry.progressSeconds ?? 0);
  const length = entry.film.durationMinutes ? entry.film.durationMinutes * 60 : null;
  const fraction = Math.min(1, progress / (length ?? CONTINUE_WATCHING_FULL_BAR_S));
  return { minutesLeft: length === null ? null : Math.max(0, Math.ceil((length - progress) / 60)), fraction };
}
