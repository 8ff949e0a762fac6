import { Injectable } from '@nestjs/common';
import type { ListType } from '@kinora/contracts';
import type { SocialExportDto } from './dto/social-export.dto';
import { MemberExportRepository } from './member-export.repository';

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

/** Social's part of "Download my data": everything it holds of the member, as it is kept. */
@Injectable()
export class MemberExportService {
  constructor(private readonly exports: MemberExportRepository) {}

  async export(userId: string): Promise<SocialExportDto> {
    const [reviews, lists, likes, follows, notifications] = await Promise.all([
      this.exports.reviews(userId),
      this.exports.lists(userId),
      this.exports.likes(userId),
      this.exports.follows(userId),
      this.exports.notifications(userId),
    ]);
    const follow = (row: { id: number; created_at: string }) => ({
      id: row.id,
      createdAt: iso(row.created_at),
    });
    return {
      reviews: reviews.map((row) => ({
        id: row.id,
        filmId: row.film_id,
        filmTitle: row.title,
        rating: row.rating,
        review: row.review,
        createdAt: iso(row.created_at),
        editedAt: isoOrNull(row.edited_at),
      })),
      lists: lists.map((row) => ({
        listType: row.list_type as ListType,
        filmId: row.film_id,
        filmTitle: row.title,
        createdAt: iso(row.created_at),
        progressSeconds: row.progress_seconds,
      })),
      follows: { creators: follows.creators.map(follow), critics: follows.critics.map(follow) },
      likes: likes.map((row) => ({
        filmId: row.film_id,
        filmTitle: row.title,
        createdAt: iso(row.created_at),
      })),
      notifications: notifications.map((row) => ({
        kind: row.kind,
        filmId: row.film_id,
        creatorId: row.creator_id,
        criticId: row.critic_id,
        title: row.title,
        createdAt: iso(row.created_at),
        readAt: isoOrNull(row.read_at),
      })),
    };
  }
}
