import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CriticReview } from '@/lib/api/types';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { FilmCriticReviews } from './film-critic-reviews';

const LIST = 'GET /api/films/3/critic-reviews';
const review: CriticReview = {
  id: 1,
  filmId: 3,
  title: 'The tide turns',
  rating: 9,
  review: 'Better on a second look.',
  createdAt: '2026-11-01T10:00:00.000Z',
  editedAt: null,
  critic: { id: 4, firstName: 'Pauline', lastName: 'Kael', profileImageUrl: null, isVerified: true },
  film: { id: 3, title: 'Tidal', genre: 'Drama', durationMinutes: 12, posterUrl: null, creatorId: 1 },
};

describe('FilmCriticReviews', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists critic reviews with title, critic, verified badge and n/10; no form for visitors', async () => {
    mockFetch({ [LIST]: () => jsonResponse([review]) });
    renderWithProviders(<FilmCriticReviews filmId={3} isCritic={false} />);
    expect(await screen.findByText('The tide turns')).toBeInTheDocument();
    expect(screen.getByText('Pauline Kael')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified critic' })).toBeInTheDocument();
    expect(screen.getByText('9/10')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a critic review' })).not.toBeInTheDocument();
  });

  it('members who are not critics get no form; the empty text shows', async () => {
    mockFetch({ [LIST]: () => jsonResponse([]) });
    renderWithProviders(<FilmCriticReviews filmId={3} isCritic={false} />);
    expect(await screen.findByText('No critic reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a critic review' })).not.toBeInTheDocument();
  });

  it('a critic writes a titled review: disabled while blank, reset and listed after success', async () => {
    let listed: CriticReview[] = [];
    const { bodiesSentTo } = mockFetch({
      [LIST]: () => jsonResponse(listed),
      'POST /api/films/3/critic-reviews': () => {
        listed = [review];
        return jsonResponse(review, { status: 201 });
      },
    });
    renderWithProviders(<FilmCriticReviews filmId={3} isCritic />);
    await screen.findByRole('form', { name: 'Write a critic review' });
    const publish = screen.getByRole('button', { name: 'Publish Critic Review' });
    expect(publish).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Review title'), 'The tide turns');
    await userEvent.selectOptions(screen.getByLabelText('Rating (out of 10)'), '9');
    await userEvent.type(screen.getByLabelText('Critic review'), 'Better on a second look.');
    await userEvent.click(publish);

    expect(await screen.findByText('Review submitted successfully')).toBeInTheDocument();
    expect(bodiesSentTo('POST /api/films/3/critic-reviews')).toStrictEqual([
      { title: 'The tide turns', rating: 9, review: 'Better on a second look.' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Review title')).toHaveValue(''));
    expect(await screen.findByRole('list', { name: 'Critic reviews' })).toBeInTheDocument();
  });
});
