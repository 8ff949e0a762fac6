import type { ShareRecord } from './creator-analytics.repository';
import type { ShareDto } from './dto/figures.dto';
import { percent } from './periods';

/** Rows of (name, sessions), largest first, with each one's percentage of the total. */
export function sharesOf(rows: ShareRecord[]): ShareDto[] {
  const total = rows.reduce((sum, row) => sum + row.sessions, 0);
  return rows.map((row) => ({
    name: row.name,
    sessions: row.sessions,
    percentage: percent(row.sessions, total),
  }));
}
