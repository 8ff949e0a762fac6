import { useParams } from 'react-router-dom';

import { useUser } from '@/features/auth/api/get-user';
import { FilmCriticReviews } from '@/features/critics/components/film-critic-reviews';
import { useRefreshFilmRating } from '@/features/films/api/get-film';
import { FilmDetail, FilmNotFound, type FilmActions } from '@/features/films/components/film-detail';
import { LikeButton } from '@/features/likes/components/like-button';
import { useRefreshContinueWatching, useResumePosition } from '@/features/lists/api/get-list';
import { MyListButton } from '@/features/lists/components/my-list-button';
import { useSimilarFilms } from '@/features/recommendations/api/get-recommendations';
import { reportRowFilmOpened, reportRowShown } from '@/features/recommendations/api/row-events';
import { ReportButton } from '@/features/reports/components/report-button';
import { FilmReviews, type ReviewActions } from '@/features/reviews/components/film-reviews';
import { parsePositiveId } from '@/lib/route-params';
import { getPersonName } from '@/lib/user';

/** /film/{id}: loads only for a positive integer id; anything else is 'Film Not Found'. */
export default function FilmRoute() {
  const id = parsePositiveId(useParams().id);
  if (id === null) return <FilmNotFound />;
  return <FilmPage key={id} filmId={id} />;
}

/** The film screen with its reviews, list, like and report buttons, resume point and similar films composed in: features do not import each other. */
function FilmPage({ filmId }: { filmId: number }) {
  const userQuery = useUser();
  const user = userQuery.data ?? null;
  const signedIn = userQuery.isPending ? null : user !== null;
  const refreshFilmRating = useRefreshFilmRating(filmId);
  // Members may resume where they stopped (their Continue Watching); closing the player moves it on.
  const resumeAt = useResumePosition(filmId, { enabled: signedIn === true });
  const refreshContinueWatching = useRefreshContinueWatching();
  // More like this: analytics picks the films, the film page draws them as catalog cards.
  const similar = useSimilarFilms(filmId);
  const similarRow = similar.data;
  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;
  // My List is for members only; Like shows to everyone and sends visitors to /auth. Members may
  // report the film (on the page, not over the player) and any review but their own.
  const actions: FilmActions = (film, where) => (
    <>
      {signedIn ? <MyListButton film={film} variant={where} /> : null}
      <LikeButton film={film} signedIn={signedIn} variant={where} />
      {signedIn && where === 'page' ? (
        <ReportButton subjectType="film" subjectId={film.id} subjectLabel={film.title} />
      ) : null}
    </>
  );
  const reviewActions: ReviewActions | undefined = viewer
    ? (review) =>
        review.user.id === viewer.id ? null : (
          <ReportButton
            subjectType="review"
            subjectId={review.id}
            subjectLabel={`review by ${getPersonName(review.user, 'User')}`}
            compact
          />
        )
    : undefined;

  return (
    <FilmDetail
      filmId={filmId}
      actions={actions}
      resumeAt={resumeAt}
      onPlayerClose={signedIn ? refreshContinueWatching : undefined}
      similar={{
        row: similarRow,
        isPending: similar.isPending,
        isError: similar.isError,
        // Analytics counts the row shown and its films opened (its kind more-like-this, key similar:<id>).
        onShown: similarRow ? () => reportRowShown(similarRow) : undefined,
        onOpen: similarRow ? (id) => reportRowFilmOpened(similarRow, id) : undefined,
      }}
      reviews={
        <FilmReviews
          filmId={filmId}
          viewer={viewer}
          onRatingChange={refreshFilmRating}
          reviewActions={reviewActions}
        />
      }
      criticReviews={<FilmCriticReviews filmId={filmId} isCritic={user?.roles.includes('critic') ?? false} />}
    />
  );
}
