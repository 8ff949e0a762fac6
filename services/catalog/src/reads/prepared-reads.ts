import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';

/** What the ORM's pool hands out: a node-postgres client (only the call used here). */
interface PooledClient {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

interface Statement {
  name: string;
  text: string;
}

// A '?' placeholder outside a quoted literal.
const PLACEHOLDER_OR_LITERAL = /'(?:[^']|'')*'|\?/g;

/**
 * The catalog's read queries as named prepared statements, on the ORM's own connection pool.
 * PostgreSQL then parses and plans each distinct text once per connection (and, after a few
 * executions, keeps a generic plan) instead of on every request: planning the film list cost
 * about twice as much as running it. The ORM's `execute()` inlines the values into the text, which
 * rules that out. The texts come from fixed fragments (values always travel as parameters), so
 * their number stays small.
 */
@Injectable()
export class PreparedReads {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly em: EntityManager) {}

  /** Runs `sql` (with `?` placeholders) and returns its rows, typed as the ORM's execute() types them. */
  async rows<R>(sql: string, params: readonly unknown[]): Promise<R[]> {
    const statement = this.statement(sql);
    const pool = this.em.getConnection().getKnex().client;
    const client = (await pool.acquireConnection()) as PooledClient;
    try {
      const result = await client.query<R>({
        name: statement.name,
        text: statement.text,
        values: [...params],
      });
      return result.rows;
    } finally {
      await pool.releaseConnection(client);
    }
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      let position = 0;
      const text = sql.replace(PLACEHOLDER_OR_LITERAL, (match) => (match === '?' ? `$${++position}` : match));
      const name = `catalog_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
      statement = { name, text };
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
