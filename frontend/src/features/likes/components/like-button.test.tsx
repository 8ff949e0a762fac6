import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { deferred, mockFetch, unauthorizedResponse } from '@/testing/mock-fetch';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { LikeButton } from './like-button';

const LIKES = 'GET /api/user/likes';
const COUNT = 'GET /api/films/3/likes';
const sombra = { id: 3, title: 'Sombra Binaria' };
const nebula = { id: 1, title: 'Nebula Dreams' };

const location = () => screen.getByTestId('location').textContent;
const liked = (filmId: number, likeCount: number, isLiked = true) =>
  jsonResponse({ filmId, liked: isLiked, likeCount });

describe('LikeButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the member's own likes on every card from one GET /api/user/likes", async () => {
    const { fetchMock } = mockFetch({ [LIKES]: () => jsonResponse({ filmIds: [3] }) });
    renderWithProviders(
      <>
        <LikeButton film={sombra} signedIn variant="card" />
        <LikeButton film={nebula} signedIn variant="card" />
      </>,
    );

    expect(await screen.findByRole('button', { name: 'Unlike Sombra Binaria' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Like Nebula Dreams' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/likes')).toHaveLength(1);
  });

  it('sends a visitor to /auth without calling the API', async () => {
    const { fetchMock } = mockFetch();
    renderWithProviders(<LikeButton film={sombra} signedIn={false} variant="card" />);

    await userEvent.click(screen.getByRole('button', { name: 'Like Sombra Binaria' }));

    expect(location()).toBe('/auth');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing while the auth check is still loading', async () => {
    const { fetchMock } = mockFetch();
    renderWithProviders(<LikeButton film={sombra} signedIn={null} variant="card" />);

    await userEvent.click(screen.getByRole('button', { name: 'Like Sombra Binaria' }));

    expect(location()).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns the heart on at once, then keeps it when the like is saved', async () => {
    const saved = deferred<Response>();
    const { fetchMock } = mockFetch({
      [LIKES]: () => jsonResponse({ filmIds: [] }),
      'POST /api/films/3/like': () => saved.promise,
    });
    renderWithProviders(<LikeButton film={sombra} signedIn variant="card" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Like Sombra Binaria' }));

    expect(screen.getByRole('button', { name: 'Unlike Sombra Binaria' })).toBeInTheDocument();
    saved.resolve(liked(3, 1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/films/3/like', expect.anything()));
    expect(screen.getByRole('button', { name: 'Unlike Sombra Binaria' })).toBeInTheDocument();
  });

  it('unlikes with POST /unlike', async () => {
    const { fetchMock } = mockFetch({
      [LIKES]: () => jsonResponse({ filmIds: [3] }),
      'POST /api/films/3/unlike': () => liked(3, 0, false),
    });
    renderWithProviders(<LikeButton film={sombra} signedIn variant="card" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Unlike Sombra Binaria' }));

    expect(await screen.findByRole('button', { name: 'Like Sombra Binaria' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/films/3/unlike',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('rolls the heart back when the like fails, logging it without a message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = deferred<Response>();
    mockFetch({
      [LIKES]: () => jsonResponse({ filmIds: [] }),
      'POST /api/films/3/like': () => failed.promise,
    });
    renderWithProviders(<LikeButton film={sombra} signedIn variant="card" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Like Sombra Binaria' }));
    expect(screen.getByRole('button', { name: 'Unlike Sombra Binaria' })).toBeInTheDocument();
    failed.resolve(new Response('', { status: 500, statusText: 'Internal Server Error' }));

    expect(await screen.findByRole('button', { name: 'Like Sombra Binaria' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('[likes] could not update the like', expect.anything());
    expect(document.querySelector('[data-variant]')).toBeNull();
    expect(location()).toBe('/');
  });

  it('sends the browser to /auth when the like call answers 401', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      [LIKES]: () => jsonResponse({ filmIds: [] }),
      'POST /api/films/3/like': unauthorizedResponse,
    });
    renderWithProviders(<LikeButton film={sombra} signedIn variant="card" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Like Sombra Binaria' }));

    await waitFor(() => expect(location()).toBe('/auth'));
    expect(screen.getByRole('button', { name: 'Like Sombra Binaria' })).toBeInTheDocument();
  });

  it("shows the film's like count on the page and moves it with the like", async () => {
    const saved = deferred<Response>();
    mockFetch({
      [LIKES]: () => jsonResponse({ filmIds: [] }),
      [COUNT]: () => jsonResponse({ filmId: 3, likeCount: 41 }),
      'POST /api/films/3/like': () => saved.promise,
    });
    renderWithProviders(<LikeButton film={sombra} signedIn variant="page" />);

    expect(await screen.findByTestId('like-count')).toHaveTextContent('41');
    await userEvent.click(screen.getByRole('button', { name: 'Like Sombra Binaria' }));

    expect(screen.getByTestId('like-count')).toHaveTextContent('42');
    expect(screen.getByRole('button', { name: 'Unlike Sombra Binaria' })).toHaveTextContent('Liked');
    saved.resolve(liked(3, 43));
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('43'));
  });

  it('shows the like count to visitors too', async () => {
    mockFetch({ [COUNT]: () => jsonResponse({ filmId: 3, likeCount: 1 }) });
    renderWithProviders(<LikeButton film={sombra} signedIn={false} variant="page" />);

    expect(await screen.findByTestId('like-count')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Like Sombra Binaria' })).toHaveTextContent('Like');
  });
});
