import { useParams } from 'react-router-dom';

import { useUser } from '@/features/auth/api/get-user';
import { useRefreshFilmRating } from '@/features/films/api/get-film';
import { FilmDetail, FilmNotFound } from '@/features/films/components/film-detail';
import { FilmReviews } from '@/features/reviews/components/film-reviews';
import { parsePositiveId } from '@/lib/route-params';

/** /film/{id}: loads only for a positive integer id; anything else is 'Film Not Found'. */
export default function FilmRoute() {
  const id = parsePositiveId(useParams().id);
  if (id === null) return <FilmNotFound />;
  return <FilmPage key={id} filmId={id} />;
}

/** The film screen with its reviews composed in: features do not import each other. */
function FilmPage({ filmId }: { filmId: number }) {
  const user = useUser().data ?? null;
  const refreshFilmRating = useRefreshFilmRating(filmId);
  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;

  return (
    <FilmDetail
      filmId={filmId}
      reviews={<FilmReviews filmId={filmId} viewer={viewer} onRatingChange={refreshFilmRating} />}
    />
  );
}
