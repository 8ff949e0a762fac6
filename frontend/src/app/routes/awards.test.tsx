import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, makeUser, renderWithProviders } from '@/testing/test-utils';

import { routes } from '../router';

const renderAwards = () => renderWithProviders(<></>, { route: '/awards', routes });

describe('/awards', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the six categories, the 2024 ceremony notice and the Hall of Fame', async () => {
    mockFetch();
    renderAwards();

    const categories = await screen.findByRole('region', { name: 'Award categories' });
    expect(
      within(categories)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Best Film',
      'Best Visual Innovation',
      'Best Narrative',
      'Rising Creator',
      'Best Genre Film',
      'Audience Choice',
    ]);
    const ceremony = screen.getByRole('region', { name: '2024 ceremony' });
    expect(within(ceremony).getByText(/Submission and voting details will be announced/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hall of Fame' })).toBeInTheDocument();
  });

  it('Learn More scrolls to the categories', async () => {
    mockFetch();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAwards();

    await userEvent.click(await screen.findByRole('button', { name: 'Learn More' }));

    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('award-categories'));
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('sends a visitor’s Get Notified to sign in', async () => {
    mockFetch();
    renderAwards();

    expect(await screen.findByRole('link', { name: 'Get Notified' })).toHaveAttribute('href', '/auth');
  });

  it("puts a member's address on the waitlist and says so", async () => {
    const { bodiesSentTo } = mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      'POST /api/waitlist': () => jsonResponse({ message: 'Joined' }, { status: 201 }),
    });
    renderAwards();

    await userEvent.click(await screen.findByRole('button', { name: 'Get Notified' }));

    expect(await screen.findByText("Thanks! You're on the waitlist.")).toBeInTheDocument();
    expect(bodiesSentTo('POST /api/waitlist')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('tells a member already on the waitlist', async () => {
    mockFetch({
      'GET /api/auth/session': () => jsonResponse({ user: makeUser() }),
      'POST /api/waitlist': () =>
        jsonResponse({ statusCode: 409, message: 'Already joined' }, { status: 409 }),
    });
    renderAwards();

    await userEvent.click(await screen.findByRole('button', { name: 'Get Notified' }));

    expect(await screen.findByText("You're already on our waitlist!")).toBeInTheDocument();
  });
});
