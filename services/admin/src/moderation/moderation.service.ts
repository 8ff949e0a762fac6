import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditTrail, OutboxService } from '@kinora/common';
import { ADMIN_LIST_DEFAULT_LIMIT } from '@kinora/contracts';
import { FilmReviewedSchema, FilmStatus } from '@kinora/proto';
import type { AdminStatsDto } from './dto/admin-stats.dto';
import type { DecideFilmDto, FilmDecisionDto } from './dto/film-decision.dto';
import type { PendingFilmDto, PendingFilmsQuery } from './dto/pending-film.dto';
import { mapPendingFilm } from './moderation.mapper';
import { ModerationRepository } from './moderation.repository';

export type { AdminStatsDto };

@Injectable()
export class ModerationService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly audit: AuditTrail,
    private readonly moderation: ModerationRepository,
  ) {}

  async stats(): Promise<AdminStatsDto> {
    const { pending, open } = await this.moderation.counts();
    return { pendingReviews: pending, openReports: open };
  }

  /** The queue, oldest submitted first, each with its creator's account from known_users. */
  async pending(query: PendingFilmsQuery): Promise<PendingFilmDto[]> {
    const rows = await this.moderation.pending(query.limit ?? ADMIN_LIST_DEFAULT_LIMIT, query.offset ?? 0);
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
      const claimed = await this.moderation.claim(filmId);
      if (!claimed) {
        const item = await this.moderation.item(filmId);
        if (!item || item.status === 'deleted') throw new NotFoundException(`Film ${filmId} not found`);
        if (item.status !== 'pending' || item.decided_at) {
          throw new ConflictException(`Film ${filmId} is not pending review`);
        }
        throw new ConflictException(`Film ${filmId} is still processing: it can be reviewed once it plays`);
      }
      await this.moderation.recordDecision({
        film_id: filmId,
        decision: input.status,
        reason,
        reviewer_user_id: reviewerUserId,
      });
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
      this.audit.record(em, {
        actorUserId: reviewerUserId,
        action: input.status === 'published' ? 'film.approved' : 'film.rejected',
        target: { type: 'film', id: filmId, label: claimed.title },
        reason,
      });
      return { filmId, status: input.status, reason };
    });
  }
}
