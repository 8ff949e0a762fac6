import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import {
  ViewingSessionUpdateKind,
  ViewQualifiedSchema,
  WatchProgressChangedSchema,
  type ViewingSessionUpdated,
} from '@kinora/proto';
import {
  applyWrite,
  rangesFromSql,
  rangesToSql,
  unionRanges,
  type SessionState,
  type SessionWrite,
} from './session-merge';

/** A member's Continue Watching follows their session at most this often (and at its end): each of a player's 30 s updates. */
const PROGRESS_EVERY_MS = 25_000;

const at = (value: Timestamp | undefined, fallback: Date): Date => (value ? timestampDate(value) : fallback);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A stored write: the event id and the write itself. */
export interface StoredWrite extends SessionWrite {
  eventId: string;
  kind: ViewingSessionUpdateKind;
}

/** The write an event carries; the bucket day is the UTC day the session started. */
export function writeOf(event: ViewingSessionUpdated): StoredWrite {
  const receivedAt = at(event.receivedAt, new Date());
  const startedAt = at(event.sessionStartTime, receivedAt);
  return {
    eventId: event.envelope!.eventId,
    kind: event.kind,
    sessionId: event.sessionId,
    started: event.kind === ViewingSessionUpdateKind.STARTED,
    filmId: Number(event.filmId),
    day: startedAt.toISOString().slice(0, 10),
    userId: event.userId || null,
    writer: event.writer,
    viewerKey: event.viewerKey,
    deviceType: event.deviceType,
    agentDevice: event.agentDevice,
    browser: event.browser,
    os: event.os,
    country: event.country,
    referrer: event.referrer,
    startedAt,
    startPosition: event.startPosition,
    endPosition: event.endPosition,
    totalWatchTime: event.totalWatchTime,
    pauseCount: event.pauseCount,
    seekCount: event.seekCount,
    clientUpdatedAt: at(event.clientUpdatedAt, receivedAt),
    endedAt: event.sessionEndTime ? timestampDate(event.sessionEndTime) : null,
    watched: event.watchedRanges.map((range): [number, number] => [range.start, range.end]),
    bitrateKbps: event.bitrateKbps,
    receivedAt,
  };
}

interface SessionRow {
  session_id: string;
  film_id: number;
  day: string;
  user_id: string | null;
  writer: string;
  viewer_key: string;
  device_type: string;
  agent_device: string;
  browser: string;
  os: string;
  country: string;
  referrer: string;
  started_at: string;
  start_position: number;
  end_position: number;
  max_position: number;
  total_watch_time: number;
  pause_count: number;
  seek_count: number;
  client_updated_at: string;
  ended_at: string | null;
  watched: string;
  bitrate_kbps: number;
  last_received_at: string;
  qualified_at: string | null;
  completed: boolean;
  progress_published_at: string | null;
}

const date = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

function fromRow(row: SessionRow): SessionState {
  return {
    sessionId: row.session_id,
    filmId: row.film_id,
    day: row.day,
    userId: row.user_id,
    writer: row.writer,
    viewerKey: row.viewer_key,
    deviceType: row.device_type,
    agentDevice: row.agent_device,
    browser: row.browser,
    os: row.os,
    country: row.country,
    referrer: row.referrer,
    startedAt: new Date(row.started_at),
    startPosition: Number(row.start_position),
    endPosition: Number(row.end_position),
    maxPosition: Number(row.max_position),
    totalWatchTime: Number(row.total_watch_time),
    pauseCount: row.pause_count,
    seekCount: row.seek_count,
    clientUpdatedAt: new Date(row.client_updated_at),
    endedAt: date(row.ended_at),
    watched: rangesFromSql(row.watched),
    bitrateKbps: row.bitrate_kbps,
    lastReceivedAt: new Date(row.last_received_at),
    qualifiedAt: date(row.qualified_at),
    completed: row.completed,
    progressPublishedAt: date(row.progress_published_at),
  };
}

function toRow(state: SessionState): SessionRow {
  return {
    session_id: state.sessionId,
    film_id: state.filmId,
    day: state.day,
    user_id: state.userId,
    writer: state.writer,
    viewer_key: state.viewerKey,
    device_type: state.deviceType,
    agent_device: state.agentDevice,
    browser: state.browser,
    os: state.os,
    country: state.country,
    referrer: state.referrer,
    started_at: state.startedAt.toISOString(),
    start_position: state.startPosition,
    end_position: state.endPosition,
    max_position: state.maxPosition,
    total_watch_time: state.totalWatchTime,
    pause_count: state.pauseCount,
    seek_count: state.seekCount,
    client_updated_at: state.clientUpdatedAt.toISOString(),
    ended_at: iso(state.endedAt),
    watched: rangesToSql(state.watched),
    bitrate_kbps: state.bitrateKbps,
    last_received_at: state.lastReceivedAt.toISOString(),
    qualified_at: iso(state.qualifiedAt),
    completed: state.completed,
    progress_published_at: iso(state.progressPublishedAt),
  };
}

const SESSION_COLUMNS: Array<keyof SessionRow> = [
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
];
const SESSION_SELECT = SESSION_COLUMNS.map((column) =>
  column === 'day' || column === 'watched' ? `${column}::text as ${column}` : column,
).join(', ');
const UPDATED_COLUMNS = SESSION_COLUMNS.filter((column) => column !== 'session_id');
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
];

/**
 * Stores a batch of viewing-session events in one transaction: the raw events (each once, by event
 * id), the sessions merged from the new ones (forward only, bound to their first writer), and the
 * events that follow (a view qualified; a member's progress for Continue Watching) in the outbox.
 */
@Injectable()
export class SessionStore {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  /** Returns the (film, day) buckets the batch touched, new events or not. */
  async store(writes: StoredWrite[]): Promise<Array<{ filmId: number; day: string }>> {
    const buckets = new Map(writes.map((w) => [`${w.filmId}:${w.day}`, { filmId: w.filmId, day: w.day }]));
    if (writes.length === 0) return [];
    await this.em.fork().transactional(async (em) => {
      const inserted = await em.execute<{ event_id: string }[]>(
        `insert into session_events (${EVENT_COLUMNS.join(', ')})
         select ${EVENT_COLUMNS.join(', ')} from json_populate_recordset(null::session_events, ?::json)
         on conflict (event_id) do nothing returning event_id`,
        [JSON.stringify(writes.map(eventRow))],
      );
      const fresh = new Set(inserted.map((row) => row.event_id));
      const news = writes.filter((w) => fresh.has(w.eventId));
      if (news.length === 0) return;
      const sessionIds = [...new Set(news.map((w) => w.sessionId))];
      const filmIds = [...new Set(news.map((w) => w.filmId))];
      // One connection (the transaction's): one statement at a time.
      const rows = await em.execute<SessionRow[]>(
        `select ${SESSION_SELECT} from viewing_sessions where session_id in (?) order by session_id for update`,
        [sessionIds],
      );
      const films = await em.execute<{ id: number; duration_seconds: number }[]>(
        'select id, duration_seconds from films where id in (?)',
        [filmIds],
      );
      const durations = new Map(films.map((film) => [film.id, Number(film.duration_seconds)]));
      const before = new Map(rows.map((row) => [row.session_id, fromRow(row)]));
      const after = new Map<string, SessionState>(before);
      for (const write of news) {
        const current = after.get(write.sessionId) ?? null;
        after.set(write.sessionId, applyWrite(current, write, durations.get(write.filmId) ?? 0));
      }
      const now = new Date();
      for (const [sessionId, state] of after) {
        const previous = before.get(sessionId);
        if (state === previous) continue;
        this.follow(em, previous ?? null, state, durations.get(state.filmId) ?? 0, now);
      }
      const changed = [...after.values()].filter((state) => state !== before.get(state.sessionId));
      if (changed.length === 0) return;
      await em.execute(
        `insert into viewing_sessions (${SESSION_COLUMNS.join(', ')})
         select ${SESSION_COLUMNS.join(', ')} from json_populate_recordset(null::viewing_sessions, ?::json)
         on conflict (session_id) do update set (${UPDATED_COLUMNS.join(', ')}) =
           (${UPDATED_COLUMNS.map((column) => `excluded.${column}`).join(', ')})`,
        [JSON.stringify(changed.map(toRow))],
      );
    });
    return [...buckets.values()];
  }

  /** The events a session's change leads to, written to the outbox in the same transaction. */
  private follow(
    em: EntityManager,
    previous: SessionState | null,
    state: SessionState,
    duration: number,
    now: Date,
  ): void {
    if (state.qualifiedAt && !previous?.qualifiedAt) {
      this.outbox.add(
        em,
        ViewQualifiedSchema,
        {
          sessionId: state.sessionId,
          filmId: BigInt(state.filmId),
          userId: state.userId ?? '',
          qualifiedAt: timestampFromDate(state.qualifiedAt),
        },
        String(state.filmId),
      );
    }
    if (!state.userId) return;
    const due =
      !state.progressPublishedAt ||
      now.getTime() - state.progressPublishedAt.getTime() >= PROGRESS_EVERY_MS ||
      (state.endedAt && !previous?.endedAt) ||
      (state.completed && !previous?.completed);
    if (!due) return;
    state.progressPublishedAt = now;
    this.outbox.add(
      em,
      WatchProgressChangedSchema,
      {
        userId: state.userId,
        filmId: BigInt(state.filmId),
        positionSeconds: state.endPosition,
        durationSeconds: duration,
        finished: state.completed,
        watchedAt: timestampFromDate(state.clientUpdatedAt),
      },
      state.userId,
    );
  }
}

function eventRow(write: StoredWrite) {
  return {
    event_id: write.eventId,
    session_id: write.sessionId,
    kind: write.kind,
    film_id: write.filmId,
    day: write.day,
    user_id: write.userId,
    writer: write.writer,
    viewer_key: write.viewerKey || null,
    device_type: write.deviceType || null,
    agent_device: write.agentDevice || null,
    browser: write.browser || null,
    os: write.os || null,
    country: write.country || null,
    referrer: write.referrer || null,
    started_at: write.startedAt.toISOString(),
    start_position: write.started ? write.startPosition : null,
    end_position: write.endPosition,
    total_watch_time: write.totalWatchTime,
    pause_count: write.pauseCount,
    seek_count: write.seekCount,
    client_updated_at: write.clientUpdatedAt.toISOString(),
    ended_at: iso(write.endedAt),
    watched: rangesToSql(unionRanges(write.watched, [])),
    bitrate_kbps: write.bitrateKbps,
    received_at: write.receivedAt.toISOString(),
  };
}
