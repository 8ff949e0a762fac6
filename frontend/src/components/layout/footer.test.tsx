import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { Footer } from './footer';

describe('Footer', () => {
  it('links the static pages', () => {
    renderWithProviders(<Footer />);

    expect(screen.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Creator Guidelines' })).toHaveAttribute(
      'href',
      '/creator-guidelines',
    );
  });

  it('renders Contact, Help Center and the social icons as disabled placeholders, not links', () => {
    renderWithProviders(<Footer />);

    for (const name of ['Contact', 'Help Center']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
      expect(screen.getByText(name)).toHaveAttribute('aria-disabled', 'true');
    }
    for (const name of ['Twitter', 'Instagram', 'YouTube']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
      expect(screen.getByRole('img', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(screen.getAllByRole('link')).toHaveLength(4);
  });

  it('shows the business registration number and the 2024 copyright', () => {
    renderWithProviders(<Footer />);

    expect(screen.getByText('ABN 12 345 678 901')).toBeInTheDocument();
    expect(screen.getByText('© 2024 Kinora. All rights reserved.')).toBeInTheDocument();
  });
});
