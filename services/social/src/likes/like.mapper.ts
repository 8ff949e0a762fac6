import type { FilmLikeCountDto, FilmLikeDto, LikedFilmsDto } from './dto/like.dto';

export function mapFilmLike(filmId: number, liked: boolean, likeCount: number): FilmLikeDto {
  return { filmId, liked, likeCount };
}

export function mapFilmLikeCount(filmId: number, likeCount: number): FilmLikeCountDto {
  return { filmId, likeCount };
}

export function mapLikedFilms(rows: { film_id: number }[]): LikedFilmsDto {
  return { filmIds: rows.map((row) => row.film_id) };
}
