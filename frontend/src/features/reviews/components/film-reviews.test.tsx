import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/browser';
import type { Review } from '@/lib/api/types';
import { deferred, mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { FilmReviews, type ReviewViewer } from './film-reviews';

const LIST = 'GET /api/films/3/reviews?limit=10&offset=0';
const WRITE = 'POST /api/films/3/reviews';

const makeReview = (overrides: Partial<Review> = {}): Review => ({
  id: 1,
  filmId: 3,
  rating: 8,
  review: 'A city that rewrites itself, and a score to match.',
  createdAt: '2025-03-04T10:00:00.000Z',
  editedAt: null,
  user: { id: 'u-grace', firstName: 'Grace', lastName: 'Hopper', profileImageUrl: null },
  ...overrides,
});

const member: ReviewViewer = { id: 'u-1', isAdmin: false };

function renderReviews(viewer: ReviewViewer | null = member, onRatingChange = vi.fn()) {
  renderWithProviders(<FilmReviews filmId={3} viewer={viewer} onRatingChange={onRatingChange} />);
  return { onRatingChange };
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Review' });
const reviewText = () => screen.getByRole('textbox', { name: 'Your review' });

describe('FilmReviews', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the empty text when the film has no reviews', async () => {
    mockFetch({ [LIST]: () => jsonResponse([]) });
    renderReviews();

    expect(await screen.findByText('No reviews yet. Be the first to review this film!')).toBeInTheDocument();
  });

  it('shows skeletons while loading, then each review with name, n/10, date and (edited)', async () => {
    const loaded = deferred<Response>();
    mockFetch({ [LIST]: () => loaded.promise });
    renderReviews(null);

    expect(screen.getByRole('list', { name: 'Loading reviews' })).toHaveAttribute('aria-busy', 'true');
    loaded.resolve(
      jsonResponse([
        makeReview(),
        makeReview({
          id: 2,
          rating: 3,
          editedAt: '2025-03-06T10:00:00.000Z',
          user: { id: 'u-x', firstName: null, lastName: null, profileImageUrl: null },
        }),
      ]),
    );

    const grace = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    expect(within(grace).getByText('8/10')).toBeInTheDocument();
    expect(within(grace).getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(within(grace).getByText('A city that rewrites itself, and a score to match.')).toBeInTheDocument();
    expect(within(grace).queryByText('(edited)')).not.toBeInTheDocument();
    const nameless = screen.getByRole('article', { name: 'Review by User' });
    expect(within(nameless).getByText('3/10')).toBeInTheDocument();
    expect(within(nameless).getByText('(edited)')).toBeInTheDocument();
  });

  it('shows no form to visitors', async () => {
    mockFetch({ [LIST]: () => jsonResponse([]) });
    renderReviews(null);

    await screen.findByText('No reviews yet. Be the first to review this film!');
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('defaults the rating to 5 and disables Submit while the text is blank', async () => {
    mockFetch({ [LIST]: () => jsonResponse([]) });
    renderReviews();

    expect(screen.getByRole('radio', { name: '5 out of 10' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(submitButton()).toBeDisabled();
    await userEvent.type(reviewText(), '   ');
    expect(submitButton()).toBeDisabled();
    await userEvent.type(reviewText(), 'Good');
    expect(submitButton()).toBeEnabled();
  });

  it('sends {rating, review}, is disabled while pending, then toasts, resets and refreshes', async () => {
    const written = deferred<Response>();
    let listed = 0;
    const { bodiesSentTo } = mockFetch({
      [LIST]: () =>
        jsonResponse(listed++ === 0 ? [] : [makeReview({ user: { ...makeReview().user, id: 'u-1' } })]),
      [WRITE]: () => written.promise,
    });
    const { onRatingChange } = renderReviews();
    await screen.findByText('No reviews yet. Be the first to review this film!');

    await userEvent.click(screen.getByRole('radio', { name: '8 out of 10' }));
    expect(screen.getByRole('radio', { name: '8 out of 10' })).toBeChecked();
    await userEvent.type(reviewText(), '  A city that rewrites itself.  ');
    await userEvent.click(submitButton());

    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(bodiesSentTo(WRITE)).toEqual([{ rating: 8, review: 'A city that rewrites itself.' }]);
    written.resolve(jsonResponse(makeReview(), { status: 201 }));

    expect(await screen.findByText('Review submitted successfully')).toBeInTheDocument();
    await waitFor(() => expect(reviewText()).toHaveValue(''));
    expect(screen.getByRole('radio', { name: '5 out of 10' })).toBeChecked();
    expect(submitButton()).toBeDisabled();
    expect(onRatingChange).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('8/10')).toBeInTheDocument();
  });

  it("toasts 'Failed to submit review' and keeps the text on failure", async () => {
    mockFetch({
      [LIST]: () => jsonResponse([]),
      [WRITE]: () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    const { onRatingChange } = renderReviews();

    await userEvent.type(reviewText(), 'Good');
    await userEvent.click(submitButton());

    const title = await screen.findByText('Failed to submit review');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(reviewText()).toHaveValue('Good');
    expect(onRatingChange).not.toHaveBeenCalled();
  });

  it('hands a 401 to the unauthorized handler: toast, then the login page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({ [LIST]: () => jsonResponse([]), [WRITE]: unauthorizedResponse });
    renderReviews();

    await userEvent.type(reviewText(), 'Good');
    await userEvent.click(submitButton());

    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.queryByText('Failed to submit review')).not.toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });

  it('offers delete only on the viewer’s own review, and deletes it', async () => {
    let listed = 0;
    const { fetchMock } = mockFetch({
      [LIST]: () =>
        jsonResponse(
          listed++ === 0
            ? [
                makeReview(),
                makeReview({ id: 2, user: { ...makeReview().user, id: 'u-1', firstName: 'Ada' } }),
              ]
            : [makeReview()],
        ),
      'DELETE /api/films/3/reviews/2': () => jsonResponse({ message: 'Review deleted' }),
    });
    const { onRatingChange } = renderReviews();

    const own = await screen.findByRole('article', { name: 'Review by Ada Hopper' });
    const other = screen.getByRole('article', { name: 'Review by Grace Hopper' });
    expect(within(other).queryByRole('button', { name: 'Delete review' })).not.toBeInTheDocument();
    await userEvent.click(within(own).getByRole('button', { name: 'Delete review' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Review by Ada Hopper' })).not.toBeInTheDocument(),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/films/3/reviews/2',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(onRatingChange).toHaveBeenCalledTimes(1);
  });

  it("toasts 'Failed to delete review' when the delete is refused", async () => {
    mockFetch({
      [LIST]: () => jsonResponse([makeReview({ user: { ...makeReview().user, id: 'u-1' } })]),
      'DELETE /api/films/3/reviews/1': () =>
        jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' }, { status: 403 }),
    });
    const { onRatingChange } = renderReviews();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete review' }));

    const title = await screen.findByText('Failed to delete review');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('article', { name: 'Review by Grace Hopper' })).toBeInTheDocument();
    expect(onRatingChange).not.toHaveBeenCalled();
  });

  it('lets an admin delete any review', async () => {
    mockFetch({ [LIST]: () => jsonResponse([makeReview()]) });
    renderReviews({ id: 'u-admin', isAdmin: true });

    const grace = await screen.findByRole('article', { name: 'Review by Grace Hopper' });
    expect(within(grace).getByRole('button', { name: 'Delete review' })).toBeInTheDocument();
  });

  it("shows 'Show more' after a full page and appends the next page", async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        makeReview({ id: from + index, review: `Review ${from + index}` }),
      );
    mockFetch({
      [LIST]: () => jsonResponse(page(1, 10)),
      'GET /api/films/3/reviews?limit=10&offset=10': () => jsonResponse(page(11, 2)),
    });
    renderReviews(null);

    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));

    expect(await screen.findByText('Review 12')).toBeInTheDocument();
    expect(screen.getByText('Review 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
