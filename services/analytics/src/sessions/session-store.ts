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
import { applyWrite, type SessionState, type SessionWrite } from './session-merge';
import { eventValuesOf, sessionOf, sessionValuesOf } from './session-rows';
import { SessionsRepository } from './sessions.repository';

/** A member's Continue Watching follows their session at most this often (and at its end): each of a player's 30 s updates. */
const PROGRESS_EVERY_MS = 25_000;

const at = (value: Timestamp | undefined, fallback: Date): Date => (value ? timestampDate(value) : fallback);

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

/**
 * Stores a batch of viewing-session events in one transaction: the raw events (each once, by event
 * id), the sessions merged from the new ones (forward only, bound to their first writer), their
 * film-day shards marked dirty for the rollup, and the events that follow (a view qualified; a
 * member's progress for Continue Watching) in the outbox.
 */
@Injectable()
export class SessionStore {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Returns the (film, day) buckets the batch touched, new events or not. */
  async store(writes: StoredWrite[]): Promise<Array<{ filmId: number; day: string }>> {
    const buckets = new Map(writes.map((w) => [`${w.filmId}:${w.day}`, { filmId: w.filmId, day: w.day }]));
    if (writes.length === 0) return [];
    await this.em.fork().transactional(async (em) => {
      const fresh = await this.sessions.insertEvents(writes.map(eventValuesOf));
      const news = writes.filter((w) => fresh.has(w.eventId));
      if (news.length === 0) return;
      const sessionIds = [...new Set(news.map((w) => w.sessionId))];
      const filmIds = [...new Set(news.map((w) => w.filmId))];
      // One connection (the transaction's): one statement at a time.
      const rows = await this.sessions.lockSessions(sessionIds);
      const durations = await this.sessions.filmDurations(filmIds);
      const before = new Map(rows.map((row) => [row.session_id, sessionOf(row)]));
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
      await this.sessions.upsertSessions(changed.map(sessionValuesOf));
      // The shards the sessions are in now, and were in (a session whose viewer became known, its
      // start arriving after its progress, moves).
      const changedIds = new Set(changed.map((state) => state.sessionId));
      await this.sessions.markDirty(
        [...changedIds],
        rows
          .filter((row) => changedIds.has(row.session_id))
          .map(({ film_id, day, shard }) => ({ film_id, day, shard })),
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
