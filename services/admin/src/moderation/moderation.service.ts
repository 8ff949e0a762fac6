import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { ADMIN_LIST_DEFAULT_LIMIT } from '@kinora/contracts';
import { FilmReviewedSchema, FilmStatus } from '@kinora/proto';
import type { AdminStatsDto } from './dto/admin-stats.dto';
import type { DecideFilmDto, FilmDecisionDto } from './dto/film-decision.dto';
import type { PendingFilmDto, PendingFilmsQuery } from './dto/pending-film.dto';
import { mapPendingFilm, type PendingFilmRow } from './moderation.mapper';

export type { AdminStatsDto };

/** The review queue: pending, playable (its video is ready) and not yet decided here. */
const IN_QUEUE = `i.status = 'pending' and i.video_url is not null and i.decided_at is null`;

@Injectable()
export class ModerationService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  async stats(): Promise<AdminStatsDto> {
    const [row] = await this.em.fork().execute<{ pending: number; open: number }[]>(
      `select (select count(*)::int from moderation_items i where ${IN_QUEUE}) as pending,
              (select count(*)::int from reports where status = 'open') as open`,
    );
    return { pendingReviews: row!.pending, openReports: row!.open };
  }

  /** The queue, oldest submitted first, each with its creator's account from known_users. */
  async pending(query: PendingFilmsQuery): Promise<PendingFilmDto[]> {
    const rows = await this.em.fork().execute<PendingFilmRow[]>(
      `select i.*, u.id as u_id, u.email as u_email, u.first_name as u_first_name,
              u.last_name as u_last_name, u.profile_image_url as u_profile_image_url
         from moderation_items i left join known_users u on u.id = i.creator_user_id
        where ${IN_QUEUE}
        order by coalesce(i.submitted_at, i.updated_at), i.film_id
        limit ? offset ?`,
      [query.limit ?? ADMIN_LIST_DEFAULT_LIMIT, query.offset ?? 0],
    );
    return rows.map(mapPendingFilm);
  }

  /**
   * Records the decision and admin.film-reviewed.v1 in one transaction and takes the film out of
   * the queue at once; catalog applies it and announces the new status. The item is claimed by one
   * conditional update, so of two concurrent decisions exactly one wins and the other gets a 409.
   */
  async decide(filmId: number, input: DecideFilmDto, reviewerUserId: string): Promise<FilmDecisionDto> {
    const reason = input.reason ? input.reason : null;
    return this.em.fork().transactional(async (em) => {
      const claimed = await em.execute<unknown[]>(
        `update moderation_items i set decided_at = now() where i.film_id = ? and ${IN_QUEUE} returning 1`,
        [filmId],
      );
      if (claimed.length === 0) {
        const [item] = await em.execute<
          { status: string; video_url: string | null; decided_at: Date | null }[]
        >('select status, video_url, decided_at from moderation_items where film_id = ?', [filmId]);
        if (!item || item.status === 'deleted') throw new NotFoundException(`Film ${filmId} not found`);
        if (item.status !== 'pending' || item.decided_at) {
          throw new ConflictException(`Film ${filmId} is not pending review`);
        }
        throw new ConflictException(`Film ${filmId} is still processing: it can be reviewed once it plays`);
      }
      await em.execute(
        `insert into moderation_decisions (film_id, decision, reason, reviewer_user_id) values (?, ?, ?, ?)`,
        [filmId, input.status, reason, reviewerUserId],
      );
      this.outbox.add(
        em,
        FilmReviewedSchema,
        {
          filmId: BigInt(filmId),
          decision: input.status === 'published' ? FilmStatus.PUBLISHED : FilmStatus.ARCHIVED,
          reason: reason ?? '',
          reviewerUserId,
        },
        String(filmId),
      );
      return { filmId, status: input.status, reason };
    });
  }
}
