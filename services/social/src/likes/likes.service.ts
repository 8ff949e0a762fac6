import { Injectable } from '@nestjs/common';
import { FilmsRepository } from '../films/films.repository';
import { requirePublishedFilm } from '../films/published-film';
import type { FilmLikeCountDto, FilmLikeDto, LikedFilmsDto } from './dto/like.dto';
import { mapFilmLike, mapFilmLikeCount, mapLikedFilms } from './like.mapper';
import { LikesRepository } from './likes.repository';

@Injectable()
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly films: FilmsRepository,
  ) {}

  /** Likes (or unlikes) a published film; liking twice is one like, unliking a film not liked is a no-op. */
  async set(filmId: number, userId: string, liked: boolean): Promise<FilmLikeDto> {
    await requirePublishedFilm(this.films, filmId);
    await this.likes.set(userId, filmId, liked);
    return mapFilmLike(filmId, liked, await this.likes.count(filmId));
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
