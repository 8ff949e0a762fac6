import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { BatchEventConsumer, CONFIG, KafkaService, MetricsService, type BaseConfig } from '@kinora/common';
import { ViewQualifiedSchema, type Envelope, type ViewQualified } from '@kinora/proto';
import { FilmViewsRepository, type QualifiedView } from './film-views.repository';

const INT_MAX = 2_147_483_647;
/** The times PostgreSQL reads back as written (four-digit years). */
const EARLIEST = Date.UTC(1, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);
/**
 * A UUID as PostgreSQL's uuid type reads one: 32 hex digits in either case, a hyphen allowed after
 * any group of four, the whole optionally in braces.
 */
const UUID = /^(?:[0-9a-f]{4}-?){7}[0-9a-f]{4}$/i;

/**
 * A viewing session qualified as a view (the view rule, docs/catalog.md): recorded for Trending and
 * added to the film's viewCount, once per session however often its event arrives
 * (film-views.repository.ts), a fetched batch at a time in one statement.
 *
 * There is no ledger of events applied: the session id is unique among the views, so a batch
 * delivered again records and counts nothing.
 */
@Injectable()
export class ViewQualifiedConsumer extends BatchEventConsumer<typeof ViewQualifiedSchema, QualifiedView> {
  constructor(
    kafka: KafkaService,
    @Inject(CONFIG) config: BaseConfig,
    metrics: MetricsService,
    adapterHost: HttpAdapterHost,
    private readonly views: FilmViewsRepository,
  ) {
    super(
      { kafka, config, metrics, adapterHost },
      { schema: ViewQualifiedSchema, groupSuffix: '-view-qualified' },
    );
  }

  /**
   * The view an event gives; nothing for a film id no film has. Whatever PostgreSQL could not store
   * is unreadable (skipped and counted), so that no event can fail its whole batch. Without
   * qualified_at (nor envelope.occurred_at) the view is dated when it is read, as it always was: a
   * redelivery is a no-op whatever its date, since its session is recorded already.
   */
  protected read(event: ViewQualified, envelope: Envelope): QualifiedView | undefined {
    const filmId = Number(event.filmId);
    if (filmId <= 0) return undefined;
    if (filmId > INT_MAX) throw new Error(`film id ${event.filmId} out of range`);
    if (!isUuid(event.sessionId)) throw new Error(`session id '${event.sessionId}' is not a UUID`);
    if (event.userId.includes('\0')) throw new Error('user id holds a NUL');
    const qualified = event.qualifiedAt ?? envelope.occurredAt;
    const viewedAt = qualified ? timestampDate(qualified) : new Date();
    const time = viewedAt.getTime();
    if (!(time >= EARLIEST && time < LATEST)) throw new Error('qualified_at out of range');
    return {
      filmId,
      viewerKey: event.userId ? `user:${event.userId}` : `session:${event.sessionId}`,
      viewedAt,
      sessionId: event.sessionId,
    };
  }

  protected apply(views: QualifiedView[]): Promise<void> {
    return this.views.addViews(views);
  }
}

function isUuid(text: string): boolean {
  const braced = text.startsWith('{') && text.endsWith('}');
  return UUID.test(braced ? text.slice(1, -1) : text);
}
