import type { Connection } from '@mikro-orm/core';
import { sql, type Kysely } from 'kysely';

/** Serialises migrate steps of concurrently starting replicas (k8s initContainers). */
const MIGRATION_LOCK = 74_202_612;

/**
 * PostgreSQL advisory locks, the only statements common runs outside a table's repository.
 *
 * The migration lock is a session lock taken on the migrator's own connection (its pool holds one),
 * before any query builder exists; it is released when migrating ends.
 */
export const migrationLock = {
  take: (connection: Pick<Connection, 'execute'>) =>
    connection.execute('select pg_advisory_lock(?)', [MIGRATION_LOCK]),
  release: (connection: Pick<Connection, 'execute'>) =>
    connection.execute('select pg_advisory_unlock(?)', [MIGRATION_LOCK]),
};

/**
 * Serialises a transaction against every other holding the same (namespace, key): PostgreSQL's
 * transaction-scoped advisory lock on the two hashed. The caller must be inside
 * `em.transactional(...)`, or the lock ends with this statement.
 */
export async function lockForTransaction<DB>(
  db: Kysely<DB>,
  namespace: string,
  key: string | number,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${namespace}), hashtext(${String(key)}))`.execute(db);
}
