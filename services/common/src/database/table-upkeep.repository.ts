import { sql, type Kysely } from 'kysely';

/** A table of the service's schema and what it is due, by PostgreSQL's own autovacuum thresholds. */
export interface TableDue {
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * The statistics and upkeep statements of the service's own tables. The thresholds are
 * autovacuum's defaults: vacuum past 50 dead rows + 20 % of the table or 1,000 inserted rows + 20 %
 * (so an append-only table's pages are marked all-visible), analyze past 50 changed rows + 10 %.
 */
export class TableUpkeepRepository {
  constructor(private readonly db: Kysely<unknown>) {}

  async autovacuumOn(): Promise<boolean> {
    const { rows } = await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' as on`.execute(
      this.db,
    );
    return rows[0]?.on ?? false;
  }

  async due(): Promise<TableDue[]> {
    const { rows } = await sql<TableDue>`
      select * from (
        select relname as name,
               n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as vacuum,
               n_mod_since_analyze > 50 + 0.1 * n_live_tup as "analyze"
          from pg_stat_user_tables
         where schemaname = current_schema()) as tables
       where vacuum or "analyze"
       order by name`.execute(this.db);
    return rows;
  }

  /** Outside a transaction (VACUUM cannot run in one); a table another vacuum holds is skipped. */
  async upkeep({ name, vacuum }: TableDue): Promise<void> {
    const table = sql.id(name);
    await (
      vacuum ? sql`vacuum (analyze, skip_locked) ${table}` : sql`analyze (skip_locked) ${table}`
    ).execute(this.db);
  }
}
