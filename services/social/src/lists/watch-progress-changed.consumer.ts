import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BatchEventConsumer, BatchEventPlatform, storable } from '@kinora/common';
import { WatchProgressChangedSchema, type Envelope, type WatchProgressChanged } from '@kinora/proto';
import { ContinueWatchingRepository } from './continue-watching.repository';
import { byMembers, collapseProgress, type CollapsedProgress, type Progress } from './progress-batch';

/**
 * Members per transaction: each holds one advisory lock per member until it commits, in
 * PostgreSQL's shared lock table (max_locks_per_transaction × connections, 6,400 by default), which
 * a batch fetched while catching up (thousands of members) would overflow.
 */
const MEMBERS_PER_TRANSACTION = 200;

/**
 * Keeps members' continue_watching entries from their viewing progress
 * (analytics.watch-progress-changed.v1; the rules are in continue-watching.repository.ts), a fetched
 * batch at a time: the newest progress wins; a finished film leaves the list until the member
 * watches it again. Films the films read model does not know (yet) are kept too: the list shows an
 * entry once its film is published, like every list.
 */
@Injectable()
export class WatchProgressChangedConsumer extends BatchEventConsumer<
  typeof WatchProgressChangedSchema,
  Progress
> {
  constructor(
    platform: BatchEventPlatform,
    private readonly em: EntityManager,
    private readonly continueWatching: ContinueWatchingRepository,
  ) {
    super(platform, { schema: WatchProgressChangedSchema, groupSuffix: '-watch-progress' });
  }

  /**
   * The progress an event gives; nothing for one without a member or a film. Whatever PostgreSQL
   * could not store is unreadable (skipped), so that no event can fail its whole batch, and so is an
   * event that says nothing of when it was watched: applied at the time it is read, as it used to
   * be, it would be applied again, as newer, each time it is delivered.
   */
  protected read(event: WatchProgressChanged, envelope: Envelope): Progress | undefined {
    const filmId = Number(event.filmId);
    if (!event.userId || filmId <= 0) return undefined;
    storable.int(filmId, 'film id');
    storable.text(event.userId, 'user id');
    const watchedAt = storable.time(
      event.watchedAt ?? envelope.occurredAt,
      'watched_at (nor envelope.occurred_at)',
    );
    if (event.finished) {
      return { userId: event.userId, filmId, watchedAt, finished: true, seconds: 0, durationSeconds: null };
    }
    // The position is a whole number of seconds; a length of 0 means not known yet, so a length
    // known from earlier progress is kept.
    const seconds = Number.isFinite(event.positionSeconds)
      ? Math.max(0, Math.round(event.positionSeconds))
      : 0;
    storable.int(seconds, 'position');
    const duration =
      Number.isFinite(event.durationSeconds) && event.durationSeconds > 0 ? event.durationSeconds : null;
    return { userId: event.userId, filmId, watchedAt, finished: false, seconds, durationSeconds: duration };
  }

  protected async apply(batch: Progress[]): Promise<void> {
    for (const group of byMembers(collapseProgress(batch), MEMBERS_PER_TRANSACTION)) {
      await this.em.fork().transactional(() => this.applyGroup(group));
    }
  }

  /** Locks the members, moves the marks, then drops and writes the entries whose marks moved. */
  private async applyGroup(group: CollapsedProgress[]): Promise<void> {
    await this.continueWatching.lockMembers([...new Set(group.map((progress) => progress.userId))]);
    const advanced = await this.continueWatching.advanceMarks(group);
    if (advanced.length === 0) return;
    const moved = new Map(advanced.map((mark) => [`${mark.filmId}:${mark.userId}`, mark]));
    const drops: CollapsedProgress[] = [];
    const writes: CollapsedProgress[] = [];
    for (const progress of group) {
      const mark = moved.get(`${progress.filmId}:${progress.userId}`);
      if (!mark) continue;
      if (progress.finished || mark.finishedSince) drops.push(progress);
      if (progress.finished) continue;
      const earlier = mark.lengthSince ? (progress.lengthFrom?.durationSeconds ?? null) : null;
      writes.push({ ...progress, durationSeconds: progress.durationSeconds ?? earlier });
    }
    if (drops.length > 0) await this.continueWatching.removeEntries(drops);
    if (writes.length > 0) await this.continueWatching.upsertEntries(writes);
  }
}
