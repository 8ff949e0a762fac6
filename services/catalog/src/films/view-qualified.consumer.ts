import { Injectable } from '@nestjs/common';
import { BatchEventConsumer, BatchEventPlatform, storable } from '@kinora/common';
import { ViewQualifiedSchema, type Envelope, type ViewQualified } from '@kinora/proto';
import { FilmViewsRepository, type QualifiedView } from './film-views.repository';

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
    platform: BatchEventPlatform,
    private readonly views: FilmViewsRepository,
  ) {
    super(platform, { schema: ViewQualifiedSchema, groupSuffix: '-view-qualified' });
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
    storable.int(filmId, 'film id');
    if (!isUuid(event.sessionId)) throw new Error(`session id '${event.sessionId}' is not a UUID`);
    storable.text(event.userId, 'user id');
    const qualified = event.qualifiedAt ?? envelope.occurredAt;
    const viewedAt = qualified ? storable.time(qualified, 'qualified_at') : new Date();
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
