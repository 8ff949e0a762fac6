import type { QueryDb } from '@kinora/common';
import { sql } from 'kysely';
import type { DB } from './database.gen';

/** This service's typed query builder: every table and column as its migrations leave them. */
export type Db = QueryDb<DB>;

/** The database's clock, for columns set or compared to the time of the statement. */
export const now = () => sql<string>`now()`;

/** PostgreSQL's SQLSTATE of a failed query (node-postgres's error, which Kysely passes on as it is). */
const sqlState = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** A row would have repeated a unique key. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** A row still referenced by a foreign key (or a reference to no row). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
