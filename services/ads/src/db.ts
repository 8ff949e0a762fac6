import type { QueryDb } from '@kinora/common';
import { sql } from 'kysely';
import type { DB } from './database.gen';

/** This service's typed query builder: every table and column as its migrations leave them. */
export type Db = QueryDb<DB>;

/** The database's clock, for columns set or compared to the time of the statement. */
export const now = () => sql<string>`now()`;

/** Deletes the row of `table` with this id; false when there is no such row. */
export async function deleteById(db: Db, table: 'advertisers' | 'creatives', id: number): Promise<boolean> {
  const deleted = await db.deleteFrom(table).where('id', '=', String(id)).returning('id').executeTakeFirst();
  return deleted !== undefined;
}
