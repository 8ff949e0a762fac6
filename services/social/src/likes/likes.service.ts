import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { MemberTieKind } from '@kinora/proto';
import { FilmsRepository } from '../films/films.repository';
import { requirePublishedFilm } from '../films/published-film';
import { recordMemberTie } from '../member-tie.event';
import type { FilmLikeCountDto, FilmLikeDto, LikedFilmsDto } from './dto/like.dto';
import { mapFilmLike, mapFilmLikeCount, mapLikedFilms } from './like.mapper';
import { LikesRepository } from './likes.repository';

@Injectable()
export class LikesService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly likes: LikesRepository,
    private readonly films: FilmsRepository,
  ) {}

  /**
   * Likes (or unlikes) a published film; liking twice is one like, unliking a film not liked is a
   * no-op. A real change records social.member-tie-changed.v1 in the same transaction.
   */
  async set(filmId: number, userId: string, liked: boolean): Promise<FilmLikeDto> {
    return this.em.fork().transactional(async (em) => {
      await requirePublishedFilm(this.films, filmId);
      if (await this.likes.set(userId, filmId, liked)) {
        recordMemberTie(em, this.outbox, {
          userId,
          kind: MemberTieKind.LIKE,
          targetId: filmId,
          value: liked ? 1 : 0,
        });
      }
      return mapFilmLike(filmId, liked, await this.likes.count(filmId));
    });
  }

  /** A published film's number of likes. */
  async count(filmId: number): Promise<FilmLikeCountDto> {
    await requirePublishedFilm(this.films, filmId);
    return mapFilmLikeCount(filmId, await this.likes.count(filmId));
  }

  /** The member's liked films that are published, newest like first. */
  async likedFilms(userId: string): Promise<LikedFilmsDto> {
    return mapLikedFilms(await this.likes.likedFilms(userId));
  }
}
