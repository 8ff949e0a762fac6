import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { BatchEventConsumer, BatchEventPlatform, JobQueue, storable } from '@kinora/common';
import {
  CriticReviewPublishedSchema,
  MemberTieChangedSchema,
  MemberTieKind,
  ViewQualifiedSchema,
  WatchHistoryClearedSchema,
  WatchProgressChangedSchema,
  type CriticReviewPublished,
  type Envelope,
  type MemberTieChanged,
  type ViewQualified,
  type WatchHistoryCleared,
  type WatchProgressChanged,
} from '@kinora/proto';
import {
  RecommendationsRepository,
  type CriticRatingRecord,
  type TieRecord,
} from './recommendations.repository';
import { EVERYONE_KEY, memberJob, RECOMMEND_QUEUE, type RecommendJobs } from './recommend.queue';
import type { TieKind } from './taste';

/**
 * Consumes one topic of what members do, in batches (analytics-worker): stores what the model keeps
 * of it, then queues a recompute for each member it names. A batch delivered again stores nothing
 * new (the newest of each tie wins) and queues the same recomputes, which change nothing.
 */
abstract class TasteEventsConsumer<Schema extends DescMessage, Item extends { userId: string }>
  extends BatchEventConsumer<Schema, Item>
  implements OnApplicationShutdown
{
  protected readonly jobs: JobQueue<RecommendJobs>;

  protected constructor(platform: BatchEventPlatform, schema: Schema, groupSuffix: string) {
    super(platform, { schema, groupSuffix });
    this.jobs = new JobQueue(RECOMMEND_QUEUE, platform.config);
  }

  /** Keeps what the model needs of the batch; the members are queued after it is stored. */
  protected store(_items: Item[]): Promise<void> {
    return Promise.resolve();
  }

  protected async apply(items: Item[]): Promise<void> {
    await this.store(items);
    const members = [...new Set(items.map((item) => item.userId).filter(Boolean))];
    await Promise.all(
      members.map((userId) => {
        const { payload, options } = memberJob(userId);
        return this.jobs.add('member', payload, options);
      }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.onApplicationShutdown();
  }
}

const TIE_KIND: Record<MemberTieKind, TieKind | undefined> = {
  [MemberTieKind.UNSPECIFIED]: undefined,
  [MemberTieKind.RATING]: 'rating',
  [MemberTieKind.LIKE]: 'like',
  [MemberTieKind.WATCHLIST]: 'watchlist',
  [MemberTieKind.FAVORITE]: 'favorite',
  [MemberTieKind.CREATOR_FOLLOW]: 'creator-follow',
  [MemberTieKind.CRITIC_FOLLOW]: 'critic-follow',
};

type TieItem = TieRecord & { userId: string };

/** social.member-tie-changed.v1: a member's rating, like, list entry or follow as it now stands. */
@Injectable()
export class MemberTiesConsumer extends TasteEventsConsumer<typeof MemberTieChangedSchema, TieItem> {
  constructor(
    platform: BatchEventPlatform,
    private readonly repository: RecommendationsRepository,
  ) {
    super(platform, MemberTieChangedSchema, '-member-ties');
  }

  protected read(event: MemberTieChanged): TieItem {
    const kind = TIE_KIND[event.kind];
    if (!kind || !event.userId) throw new Error('incomplete event');
    return {
      userId: storable.text(event.userId, 'user_id'),
      user_id: event.userId,
      kind,
      target_id: event.targetId.toString(),
      value: storable.int(event.value, 'value'),
      changed_at: storable.time(event.changedAt, 'changed_at').toISOString(),
    };
  }

  protected override store(items: TieItem[]): Promise<void> {
    return this.repository.storeTies(items.map(({ userId: _, ...tie }) => tie));
  }
}

type CriticItem = CriticRatingRecord & { userId: string };

/**
 * social.critic-review-published.v1: a critic's rating of a film. Their followers' rows take it at
 * the next full recompute (no member is named here).
 */
@Injectable()
export class CriticRatingsConsumer extends TasteEventsConsumer<
  typeof CriticReviewPublishedSchema,
  CriticItem
> {
  constructor(
    platform: BatchEventPlatform,
    private readonly repository: RecommendationsRepository,
  ) {
    super(platform, CriticReviewPublishedSchema, '-critic-ratings');
  }

  protected read(event: CriticReviewPublished, envelope: Envelope): CriticItem {
    return {
      userId: '',
      critic_id: event.criticId.toString(),
      film_id: storable.int(Number(event.filmId), 'film_id'),
      rating: storable.int(event.rating, 'rating'),
      rated_at: storable.time(envelope.occurredAt, 'occurred_at').toISOString(),
    };
  }

  protected override store(items: CriticItem[]): Promise<void> {
    return this.repository.storeCriticRatings(items.map(({ userId: _, ...rating }) => rating));
  }
}

/** Events that only name a member whose sessions changed what the model learns from. */
abstract class MemberNamingConsumer<Schema extends DescMessage> extends TasteEventsConsumer<
  Schema,
  { userId: string }
> {
  protected abstract memberOf(event: MessageShape<Schema>): string | undefined;

  protected read(event: MessageShape<Schema>): { userId: string } | undefined {
    const userId = this.memberOf(event);
    return userId ? { userId } : undefined;
  }
}

/** Views counted meanwhile wait this long for the visitors' trending rows to be recomputed. */
const EVERYONE_DELAY_MS = 10_000;

/** analytics.view-qualified.v1: a member's session became a view; any view moves trending. */
@Injectable()
export class ViewsConsumer extends TasteEventsConsumer<typeof ViewQualifiedSchema, { userId: string }> {
  constructor(platform: BatchEventPlatform) {
    super(platform, ViewQualifiedSchema, '-taste-views');
  }

  /** A visitor's view too (no member: no member's recompute). */
  protected read(event: ViewQualified): { userId: string } {
    return { userId: event.userId };
  }

  protected override async store(): Promise<void> {
    await this.jobs.add(
      'everyone',
      {},
      { deduplication: { id: EVERYONE_KEY }, delay: EVERYONE_DELAY_MS, removeOnComplete: true },
    );
  }
}

/** analytics.watch-progress-changed.v1, once a member finished the film (watched 90 %). */
@Injectable()
export class CompletionsConsumer extends MemberNamingConsumer<typeof WatchProgressChangedSchema> {
  constructor(platform: BatchEventPlatform) {
    super(platform, WatchProgressChangedSchema, '-taste-completions');
  }

  protected memberOf(event: WatchProgressChanged) {
    return event.finished ? event.userId : undefined;
  }
}

/** analytics.watch-history-cleared.v1: the model forgets what the member did until then. */
@Injectable()
export class HistoryClearsConsumer extends MemberNamingConsumer<typeof WatchHistoryClearedSchema> {
  constructor(platform: BatchEventPlatform) {
    super(platform, WatchHistoryClearedSchema, '-taste-clears');
  }

  protected memberOf(event: WatchHistoryCleared) {
    return event.userId;
  }
}
