import { apiClient } from '@/lib/api-client';
import type { RecommendationRow } from '@/lib/api/types';

/** sessionStorage: this tab's browsing session, the one the server counts a row once in. */
export const BROWSE_SESSION_KEY = 'kinora-browse-session';
/** sessionStorage: the rows already reported as shown in this session ("<session> <row key>"). */
export const SHOWN_ROWS_KEY = 'kinora-browse-rows-shown';

type RowRef = Pick<RecommendationRow, 'kind' | 'key'>;

/** Where sessionStorage is unavailable (blocked, private modes), the tab still has one session while it lives. */
let memorySession: string | null = null;
const memoryShown = new Set<string>();

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** This tab's browsing session: one UUID, made on first use and kept in sessionStorage for the tab's life. */
export function browseSession(): string {
  const store = storage();
  try {
    const kept = store?.getItem(BROWSE_SESSION_KEY);
    if (kept) return kept;
    const made = memorySession ?? crypto.randomUUID();
    if (!store) throw new Error('no sessionStorage');
    store.setItem(BROWSE_SESSION_KEY, made);
    return made;
  } catch {
    // Blocked or full storage: the session lives in this tab's memory only.
    memorySession ??= crypto.randomUUID();
    return memorySession;
  }
}

function readShown(store: Storage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(SHOWN_ROWS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * POST /api/recommendations/events with keepalive, so a click survives the navigation it starts.
 * Reporting never gets in the way: every failure is swallowed.
 */
function sendRowEvent(event: { kind: 'impression' | 'click'; row: RowRef; filmId?: number }): Promise<void> {
  return apiClient
    .POST('/api/recommendations/events', {
      body: {
        session: browseSession(),
        kind: event.kind,
        rowKind: event.row.kind,
        rowKey: event.row.key,
        ...(event.filmId === undefined ? {} : { filmId: event.filmId }),
      },
      keepalive: true,
    })
    .then(
      () => undefined,
      () => undefined,
    );
}

/**
 * A row came on screen with its films: reported once per browsing session and row key, remembered
 * in sessionStorage so a remount or a return to the page does not send it again.
 */
export function reportRowShown(row: RowRef): void {
  const entry = `${browseSession()} ${row.key}`;
  const store = storage();
  const shown = readShown(store);
  if (shown.includes(entry) || memoryShown.has(entry)) return;
  try {
    if (!store) throw new Error('no sessionStorage');
    store.setItem(SHOWN_ROWS_KEY, JSON.stringify([...shown, entry]));
  } catch {
    memoryShown.add(entry);
  }
  void sendRowEvent({ kind: 'impression', row });
}

/** A film was opened from a row (before the navigation): the server keeps the session's first per row. */
export function reportRowFilmOpened(row: RowRef, filmId: number): void {
  void sendRowEvent({ kind: 'click', row, filmId });
}
