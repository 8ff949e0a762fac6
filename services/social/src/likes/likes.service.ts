import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { requirePublishedFilm } from '../films/published-film';
import type { FilmLikeCountDto, FilmLikeDto, LikedFilmsDto } from './dto/like.dto';
import { mapFilmLike, mapFilmLikeCount, mapLikedFilms } from './like.mapper';

@Injectable()
export class LikesService {
  constructor(private readonly em: EntityManager) {}

  /** Likes (or unlikes) a published film; liking twice is one like, unliking a film not liked is a no-op. */
  async set(filmId: number, userId: string, liked: boolean): Promise<FilmLikeDto> {
    const em = this.em.fork();
    await requirePublishedFilm(em, filmId);
    await em.execute(
      liked
        ? 'insert into likes (user_id, film_id) values (?, ?) on conflict do nothing'
        : 'delete from likes where user_id = ? and film_id = ?',
      [userId, filmId],
    );
    return mapFilmLike(filmId, liked, await likeCount(em, filmId));
  }

  /** A published film's number of likes. */
  async count(filmId: number): Promise<FilmLikeCountDto> {
    const em = this.em.fork();
    await requirePublishedFilm(em, filmId);
    return mapFilmLikeCount(filmId, await likeCount(em, filmId));
  }

  /** The member's liked films that are published, newest like first. */
  async likedFilms(userId: string): Promise<LikedFilmsDto> {
    const rows = await this.em.fork().execute<{ film_id: number }[]>(
      `select l.film_id from likes l join films f on f.id = l.film_id and f.status = 'published'
        where l.user_id = ? order by l.created_at desc, l.film_id desc`,
      [userId],
    );
    return mapLikedFilms(rows);
  }
}

async function likeCount(em: EntityManager, filmId: number): Promise<number> {
  const [count] = await em.execute<{ n: number }[]>(
    'select count(*)::int as n from likes where film_id = ?',
    [filmId],
  );
  return count!.n;
}
