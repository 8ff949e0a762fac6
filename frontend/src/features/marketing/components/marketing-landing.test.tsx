import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { MarketingLanding } from './marketing-landing';

const CTAS = ['Get Started', 'Start Exploring', 'Get Started Free'];
const location = () => screen.getByTestId('location').textContent;

describe('MarketingLanding', () => {
  const scrollIntoView = vi.fn();

  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      value: scrollIntoView,
      configurable: true,
    });
  });

  afterEach(() => {
    scrollIntoView.mockReset();
  });

  it('has its own top bar, the hero, three cards, the call to action and the footer', () => {
    renderWithProviders(<MarketingLanding isSignedIn={false} />);

    expect(screen.getByRole('heading', { level: 1, name: /First-Class/ })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Original Content',
      'Support Creators',
      'Curated Excellence',
    ]);
    expect(screen.getByRole('button', { name: 'Learn More' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByText('ABN 12 345 678 901')).toBeInTheDocument();
    expect(screen.getByText(/© 2024/)).toBeInTheDocument();
  });

  it.each(CTAS)('%s leads a signed-out visitor to /auth', async (name) => {
    renderWithProviders(<MarketingLanding isSignedIn={false} />);
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', '/auth');

    await userEvent.click(link);
    expect(location()).toBe('/auth');
  });

  it.each(CTAS)('%s leads a signed-in member to /home', async (name) => {
    renderWithProviders(<MarketingLanding isSignedIn />);
    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', '/home');

    await userEvent.click(link);
    expect(location()).toBe('/home');
  });

  it('Learn More scrolls to the feature cards and moves focus there', async () => {
    renderWithProviders(<MarketingLanding isSignedIn={false} />);

    await userEvent.click(screen.getByRole('button', { name: 'Learn More' }));

    const features = screen.getByRole('region', { name: 'Cinema, made differently' });
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollIntoView.mock.contexts[0]).toBe(features);
    expect(features).toHaveFocus();
    expect(location()).toBe('/');
    expect(within(features).getByText('Original Content')).toBeInTheDocument();
  });
});
