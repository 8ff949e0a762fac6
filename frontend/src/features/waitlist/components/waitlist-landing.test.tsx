import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';

import { WaitlistLanding } from './waitlist-landing';

describe('WaitlistLanding', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the headline, tagline, waitlist form, four value cards, community and Help Shape sections', () => {
    mockFetch();
    renderWithProviders(<WaitlistLanding />);

    expect(screen.getByRole('heading', { level: 1, name: 'The Next Frame of Cinema' })).toBeInTheDocument();
    expect(
      screen.getByText('Your home to First-Class Generative Cinema. Curated. Ethical. Independent.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Join the waitlist' })).toBeInTheDocument();

    const values = screen
      .getByRole('heading', { name: 'What we stand for' })
      .closest('section') as HTMLElement;
    expect(
      within(values)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Empower Creators',
      'Curated Human-Led Experience',
      'Accessible Creative Pathways',
      'Ethical and Transparent Storytelling',
    ]);

    expect(screen.getByRole('heading', { level: 2, name: /people who watch and make/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Help Shape/ })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Help shape Kinora' })).toBeInTheDocument();
    expect(screen.getByText('ABN 12 345 678 901')).toBeInTheDocument();
  });

  it('fades the tagline, the form and the value cards in at about 2 s, 2.5 s and 3.1 s', () => {
    mockFetch();
    const { container } = renderWithProviders(<WaitlistLanding />);

    const blocks = Array.from(container.querySelectorAll<HTMLElement>('[data-reveal-delay]'));
    expect(blocks.map((block) => block.style.animationDelay)).toEqual(['2000ms', '2500ms', '3100ms']);
    // Only animated when motion is welcome: with reduced motion the blocks show at once.
    blocks.forEach((block) => expect(block.className).toContain('motion-safe:animate-reveal'));
    expect(blocks[0]).toHaveTextContent('Your home to First-Class Generative Cinema.');
    expect(
      within(blocks[1] as HTMLElement).getByRole('form', { name: 'Join the waitlist' }),
    ).toBeInTheDocument();
    expect(within(blocks[2] as HTMLElement).getByText('Empower Creators')).toBeInTheDocument();
  });
});
