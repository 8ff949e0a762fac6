import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** A raw viewing-session event as session_events stores it. */
export type SessionEventValues = Omit<Selectable<DB['session_events']>, 'seq' | 'stored_at'>;

/** A merged session as viewing_sessions stores it (day and watched as text). */
export type SessionValues = Selectable<DB['viewing_sessions']>;

const EVENT_COLUMNS = [
  'event_id',
  'session_id',
  'kind',
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
  'total_watch_time',
  'pause_count',
  'seek_count',
  'client_updated_at',
  'ended_at',
  'watched',
  'bitrate_kbps',
  'received_at',
] as const satisfies readonly (keyof SessionEventValues)[];

const SESSION_COLUMNS = [
  'session_id',
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
  'max_position',
  'total_watch_time',
  'pause_count',
  'seek_count',
  'client_updated_at',
  'ended_at',
  'watched',
  'bitrate_kbps',
  'last_received_at',
  'qualified_at',
  'completed',
  'progress_published_at',
] as const satisfies readonly (keyof SessionValues)[];

/** The columns read as stored; day and watched are read as text (see SessionValues). */
const PLAIN_COLUMNS = SESSION_COLUMNS.filter(
  (column): column is Exclude<(typeof SESSION_COLUMNS)[number], 'day' | 'watched'> =>
    column !== 'day' && column !== 'watched',
);

/**
 * The viewing-session ingestion's tables: the raw events and the sessions merged from them. Each
 * batch is written in one statement with one parameter (a JSON array, however many rows), inside
 * the store's transaction.
 */
@Injectable()
export class SessionsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Stores the events not stored before (by event id); returns the ids of those stored now. */
  async insertEvents(events: SessionEventValues[]): Promise<Set<string>> {
    const inserted = await this.db
      .insertInto('session_events')
      .columns(EVENT_COLUMNS)
      .expression((eb) =>
        eb
          .selectFrom(
            sql<SessionEventValues>`json_populate_recordset(null::session_events, ${JSON.stringify(events)}::json)`.as(
              'r',
            ),
          )
          .select(EVENT_COLUMNS),
      )
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .returning('event_id')
      .execute();
    return new Set(inserted.map((row) => row.event_id));
  }

  /** The stored sessions among `sessionIds`, locked until the transaction ends (in id order, against deadlocks). */
  lockSessions(sessionIds: string[]) {
    return this.db
      .selectFrom('viewing_sessions')
      .select((eb) => [
        ...PLAIN_COLUMNS,
        eb.cast<string>('day', 'text').as('day'),
        eb.cast<string>('watched', 'text').as('watched'),
      ])
      .where('session_id', 'in', sessionIds)
      .orderBy('session_id')
      .forUpdate()
      .execute();
  }

  /** The films' lengths in seconds (films analytics has not heard of are left out). */
  async filmDurations(filmIds: number[]): Promise<Map<number, number>> {
    const films = await this.db
      .selectFrom('films')
      .select(['id', 'duration_seconds'])
      .where('id', 'in', filmIds)
      .execute();
    return new Map(films.map((film) => [film.id, Number(film.duration_seconds)]));
  }

  /** Writes the sessions whole: every column but the id replaced by the merged state. */
  async upsertSessions(sessions: SessionValues[]): Promise<void> {
    await this.db
      .insertInto('viewing_sessions')
      .columns(SESSION_COLUMNS)
      .expression((eb) =>
        eb
          .selectFrom(
            sql<SessionValues>`json_populate_recordset(null::viewing_sessions, ${JSON.stringify(sessions)}::json)`.as(
              'r',
            ),
          )
          .select(SESSION_COLUMNS),
      )
      .onConflict((conflict) =>
        conflict.column('session_id').doUpdateSet((eb) => ({
          film_id: eb.ref('excluded.film_id'),
          day: eb.ref('excluded.day'),
          user_id: eb.ref('excluded.user_id'),
          writer: eb.ref('excluded.writer'),
          viewer_key: eb.ref('excluded.viewer_key'),
          device_type: eb.ref('excluded.device_type'),
          agent_device: eb.ref('excluded.agent_device'),
          browser: eb.ref('excluded.browser'),
          os: eb.ref('excluded.os'),
          country: eb.ref('excluded.country'),
          referrer: eb.ref('excluded.referrer'),
          started_at: eb.ref('excluded.started_at'),
          start_position: eb.ref('excluded.start_position'),
          end_position: eb.ref('excluded.end_position'),
          max_position: eb.ref('excluded.max_position'),
          total_watch_time: eb.ref('excluded.total_watch_time'),
          pause_count: eb.ref('excluded.pause_count'),
          seek_count: eb.ref('excluded.seek_count'),
          client_updated_at: eb.ref('excluded.client_updated_at'),
          ended_at: eb.ref('excluded.ended_at'),
          watched: eb.ref('excluded.watched'),
          bitrate_kbps: eb.ref('excluded.bitrate_kbps'),
          last_received_at: eb.ref('excluded.last_received_at'),
          qualified_at: eb.ref('excluded.qualified_at'),
          completed: eb.ref('excluded.completed'),
          progress_published_at: eb.ref('excluded.progress_published_at'),
        })),
      )
      .execute();
  }
}

export type StoredSession = Awaited<ReturnType<SessionsRepository['lockSessions']>>[number];
