import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, type Provider } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/** What the ORM's knex client hands out: a node-postgres client (only the calls used here). */
interface PgClient {
  query<R>(config: { text: string; values: readonly unknown[]; name?: string }): Promise<{
    rows: R[];
    rowCount: number | null;
    command: string;
  }>;
}

interface KnexClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * Runs each compiled query on the connection the ORM would use at that moment: inside
 * `em.transactional(...)` (and every event handler, which the consumer runs in one) the
 * transaction's connection, otherwise one from the pool. Kysely and the ORM therefore share one
 * pool and one transaction, so a repository's writes commit or roll back with the outbox row and
 * the consumer's ledger entry. With `prepared`, statements are named after their text, so
 * PostgreSQL parses and plans each once per connection (for the hot reads, whose texts are few).
 */
class EntityManagerDriver implements Driver {
  constructor(
    private readonly em: EntityManager,
    private readonly prepared: boolean,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const transaction = this.em.getContext(false).getTransactionContext<{ client: KnexClient }>();
    const client: KnexClient = transaction ? transaction.client : this.em.getConnection().getKnex().client;
    const pg = (await client.acquireConnection()) as PgClient;
    return new EntityManagerConnection(client, pg, this.prepared);
  }

  async beginTransaction(): Promise<void> {
    throw new Error('Open transactions with em.transactional(); repositories run inside them');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as EntityManagerConnection).release();
  }

  async destroy(): Promise<void> {}
}

const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

class EntityManagerConnection implements DatabaseConnection {
  constructor(
    private readonly client: KnexClient,
    private readonly pg: PgClient,
    private readonly prepared: boolean,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>({
      text: compiled.sql,
      values: compiled.parameters,
      ...(this.prepared ? { name: statementName(compiled.sql) } : {}),
    });
    const affected = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command);
    return {
      rows: result.rows,
      ...(affected && result.rowCount !== null ? { numAffectedRows: BigInt(result.rowCount) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on the ORM connection');
  }

  release(): Promise<unknown> {
    return this.client.releaseConnection(this.pg);
  }
}

function dialect(em: EntityManager, prepared: boolean): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new EntityManagerDriver(em, prepared),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/**
 * A service's typed query builder over its own schema (`DB`, generated from its migrations by
 * `make db-types`), running on the ORM's connection. `db.prepared` is the same builder with named
 * prepared statements, for hot reads.
 */
export interface QueryDb<DB> extends Kysely<DB> {
  readonly prepared: Kysely<DB>;
}

export function createQueryDb<DB>(em: EntityManager): QueryDb<DB> {
  const db = new Kysely<DB>({ dialect: dialect(em, false) }) as Kysely<DB> & { prepared: Kysely<DB> };
  Object.defineProperty(db, 'prepared', { value: new Kysely<DB>({ dialect: dialect(em, true) }) });
  return db;
}

/** The injection token of a service's QueryDb (PlatformModule provides it). */
export const QUERY_DB = Symbol('QueryDb');

export const queryDbProvider: Provider = {
  provide: QUERY_DB,
  useFactory: (em: EntityManager) => createQueryDb(em),
  inject: [EntityManager],
};

/** Injects the service's QueryDb: `constructor(@InjectQueryDb() private readonly db: Db)`. */
export const InjectQueryDb = (): PropertyDecorator & ParameterDecorator => Inject(QUERY_DB);

/** PostgreSQL's SQLSTATE of a failed query (node-postgres's error, which Kysely passes on as it is). */
const sqlState = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** A row would have repeated a unique key. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** A row still referenced by a foreign key (or a reference to no row). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
