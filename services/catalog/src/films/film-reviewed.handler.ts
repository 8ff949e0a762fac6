import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { OutboxService, type EventContext } from '@kinora/common';
import {
  FilmReviewedSchema,
  FilmStatus,
  FilmStatusChangedSchema,
  topicOf,
  type FilmReviewed,
} from '@kinora/proto';

interface ReviewedFilm {
  status: string;
  title: string;
  description: string;
  genre: string;
  language: string;
  duration_minutes: number;
  release_year: number;
  poster_url: string | null;
  video_url: string | null;
  created_at: Date;
  creator_id: number;
  user_id: string;
}

/**
 * Applies a moderator's decision from admin: a film still pending becomes published (published
 * now) or archived (keeping the reason for its creator), and catalog.film-status-changed.v1 goes
 * out through the outbox in the same transaction. Any other film is left alone, so a replayed
 * event or a second decision on the same film changes nothing.
 */
@Controller()
export class FilmReviewedHandler {
  private readonly logger = new Logger(FilmReviewedHandler.name);

  constructor(private readonly outbox: OutboxService) {}

  @EventPattern(topicOf(FilmReviewedSchema), { ledgerKey: 'FilmReviewedHandler' })
  async handle(@Payload() event: FilmReviewed, @Ctx() context: EventContext): Promise<void> {
    const filmId = Number(event.filmId);
    const status =
      event.decision === FilmStatus.PUBLISHED
        ? 'published'
        : event.decision === FilmStatus.ARCHIVED
          ? 'archived'
          : null;
    if (!status) {
      this.logger.warn({ filmId, decision: event.decision }, 'film review without a decision ignored');
      return;
    }
    const { em } = context;
    const [film] = await em.execute<ReviewedFilm[]>(
      `select f.status, f.title, f.description, f.genre, f.language, f.duration_minutes, f.release_year,
              f.poster_url, f.video_url, f.created_at, f.creator_id, c.user_id
         from films f join creators c on c.id = f.creator_id where f.id = ? for update of f`,
      [filmId],
    );
    if (film?.status !== 'pending') {
      this.logger.log(
        { filmId, status: film?.status ?? 'unknown' },
        'decision on a film not pending: ignored',
      );
      return;
    }
    const reason = status === 'archived' ? event.reason.trim() || null : null;
    await em.execute(
      `update films set status = ?, moderation_reason = ?,
              published_at = case when ? = 'published' then now() else published_at end
        where id = ?`,
      [status, reason, status, filmId],
    );
    this.outbox.add(
      em,
      FilmStatusChangedSchema,
      {
        filmId: BigInt(filmId),
        status: event.decision,
        previousStatus: FilmStatus.PENDING,
        title: film.title,
        creatorId: BigInt(film.creator_id),
        creatorUserId: film.user_id,
        genre: film.genre,
        durationMinutes: film.duration_minutes,
        posterUrl: film.poster_url ?? '',
        description: film.description,
        language: film.language,
        releaseYear: film.release_year,
        videoUrl: film.video_url ?? '',
        submittedAt: timestampFromDate(new Date(film.created_at)),
        reason: reason ?? '',
      },
      String(filmId),
    );
  }
}
