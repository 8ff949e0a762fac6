import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** A raw viewing-session event as session_events stores it. */
export type SessionEventValues = Omit<Selectable<DB['session_events']>, 'seq' | 'stored_at'>;

/** A stored session: a row of viewing_sessions (day and watched as text). */
export type StoredSession = Selectable<DB['viewing_sessions']>;

/** A merged session as viewing_sessions stores it (its shard is generated from its viewer). */
export type SessionValues = Omit<StoredSession, 'shard'>;

/** A shard of a film's day. */
export type FilmDayShard = Pick<StoredSession, 'film_id' | 'day' | 'shard'>;

/** What an event and the session merged from it both say of the viewer, the film and the device. */
const VIEWING_COLUMNS = [
  'film_id',
  'day',
  'user_id',
  'writer',
  'viewer_key',
  'device_type',
  'agent_device',
  'browser',
  'os',
  'country',
  'referrer',
  'started_at',
  'start_position',
  'end_position',
] as const;

/** What an event and its session both say of the playback so far. */
const PLAYBACK_COLUMNS = [
  'total_watch_time',
  'pause_count',
  'seek_count',
  'client_updated_at',
  'ended_at',
  'watched',
  'bitrate_kbps',
] as const;

const EVENT_COLUMNS = [
  'event_id',
  'session_id',
  'kind',
  ...VIEWING_COLUMNS,
  ...PLAYBACK_COLUMNS,
  'received_at',
] as const satisfies readonly (keyof SessionEventValues)[];

const SESSION_COLUMNS = [
  'session_id',
  ...VIEWING_COLUMNS,
  'max_position',
  ...PLAYBACK_COLUMNS,
  'last_received_at',
  'qualified_at',
  'completed',
  'progress_published_at',
] as const satisfies readonly (keyof SessionValues)[];

/**
 * The viewing-session ingestion's tables: the raw events and the sessions merged from them. Each
 * batch is written in one statement with one parameter (a JSON array, however many rows), inside
 * the store's transaction. The statements are written out in SQL, with their table names bare, on
 * purpose: the exactness drill (test/exactness.spec.ts) recognises a worker inside a batch's
 * transaction by these texts in pg_stat_activity, and the query builder would quote the names.
 */
@Injectable()
export class SessionsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Stores the events not stored before (by event id); returns the ids of those stored now. */
  async insertEvents(events: SessionEventValues[]): Promise<Set<string>> {
    const columns = sql.join(EVENT_COLUMNS.map((column) => sql.ref(column)));
    const { rows } = await sql<Pick<SessionEventValues, 'event_id'>>`insert into session_events (${columns})
      select ${columns} from json_populate_recordset(null::session_events, ${JSON.stringify(events)}::json)
      on conflict (event_id) do nothing returning event_id`.execute(this.db);
    return new Set(rows.map((row) => row.event_id));
  }

  /** The stored sessions among `sessionIds`, locked until the transaction ends (in id order, against deadlocks). */
  async lockSessions(sessionIds: string[]): Promise<StoredSession[]> {
    const columns = sql.join(
      [...SESSION_COLUMNS, 'shard' as const].map((column) =>
        column === 'day' || column === 'watched'
          ? sql`${sql.ref(column)}::text as ${sql.ref(column)}`
          : sql.ref(column),
      ),
    );
    const { rows } = await sql<StoredSession>`select ${columns}
      from viewing_sessions where session_id in (${sql.join(sessionIds)}) order by session_id for update`.execute(
      this.db,
    );
    return rows;
  }

  /** The films' lengths in seconds (films analytics has not heard of are left out). */
  async filmDurations(filmIds: number[]): Promise<Map<number, number>> {
    const { rows } = await sql<
      Pick<Selectable<DB['films']>, 'id' | 'duration_seconds'>
    >`select id, duration_seconds
      from films where id in (${sql.join(filmIds)})`.execute(this.db);
    return new Map(rows.map((film) => [film.id, Number(film.duration_seconds)]));
  }

  /** Writes the sessions whole: every column but the id replaced by the merged state. */
  async upsertSessions(sessions: SessionValues[]): Promise<void> {
    const columns = sql.join(SESSION_COLUMNS.map((column) => sql.ref(column)));
    const updated = SESSION_COLUMNS.filter((column) => column !== 'session_id');
    await sql`insert into viewing_sessions (${columns})
      select ${columns} from json_populate_recordset(null::viewing_sessions, ${JSON.stringify(sessions)}::json)
      on conflict (session_id) do update set (${sql.join(updated.map((column) => sql.ref(column)))}) =
        (${sql.join(updated.map((column) => sql.ref(`excluded.${column}`)))})`.execute(this.db);
  }

  /**
   * Marks as dirty the film-day shards the sessions are in, and `also`, so that their next film-day
   * recompute covers them. The marks are this batch's own rows: a recompute takes them only once
   * this transaction has committed, and then reads these sessions.
   */
  async markDirty(sessionIds: string[], also: FilmDayShard[]): Promise<void> {
    await sql`insert into film_day_dirty (film_id, day, shard)
      select film_id, day, shard from viewing_sessions where session_id in (${sql.join(sessionIds)})
      union
      select film_id, day, shard from json_populate_recordset(null::film_day_dirty, ${JSON.stringify(also)}::json)`.execute(
      this.db,
    );
  }
}
