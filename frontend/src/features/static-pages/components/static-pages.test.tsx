import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { AboutUs } from './about-us';
import { CreatorGuidelines } from './creator-guidelines';
import { PrivacyPolicy } from './privacy-policy';
import { TermsOfService } from './terms-of-service';

/** Section titles without their decorative "01", "02"... numbers. */
const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.replace(/^\d+/, ''));
const pageText = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

describe('static pages', () => {
  it('Terms of Service covers every listed point', () => {
    renderWithProviders(<TermsOfService />);

    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Eligibility'),
        expect.stringContaining('Household Use'),
        expect.stringContaining('Your Content'),
        expect.stringContaining('Avatars'),
        expect.stringContaining('Prohibited Conduct'),
        expect.stringContaining('Moderation, Suspension'),
        expect.stringContaining('Disclaimers'),
        expect.stringContaining('Limitation of Liability'),
        expect.stringContaining('Indemnity'),
        expect.stringContaining('Changes'),
        expect.stringContaining('Governing Law'),
        expect.stringContaining('Contact'),
      ]),
    );
    const text = pageText();
    expect(text).toContain('at least 13 years old');
    expect(text).toContain('a single household');
    expect(text).toMatch(/must not share your account credentials.*outside your household/);
    expect(text).toMatch(/We may monitor how accounts are used/);
    expect(text).toContain('You keep ownership of Your Content.');
    expect(text).toContain('worldwide, non-exclusive, royalty-free licence');
    expect(text).toMatch(/Written approval is required.*avatar.*third-party asset/);
    expect(text).toMatch(/\[jurisdiction to be confirmed\]/);
    expect(text).toMatch(/\[contact email to be confirmed\]/);
  });

  it('Privacy Policy covers collection, no sale, every right and children under 13', () => {
    renderWithProviders(<PrivacyPolicy />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const text = pageText();
    expect(text).toContain('Personal information you give us');
    expect(text).toContain('Usage data');
    expect(screen.getByRole('heading', { level: 2, name: 'Cookies' })).toBeInTheDocument();
    expect(text).toContain('We do not sell your personal information');
    for (const right of [
      'Access',
      'Correction',
      'Deletion',
      'Objection',
      'Withdrawal',
      'Opt-out',
      'Portability',
    ]) {
      expect(screen.getByText(right, { selector: 'strong' })).toBeInTheDocument();
    }
    expect(text).toContain('not intended for children under 13');
  });

  it('Creator Guidelines covers its five topics', () => {
    renderWithProviders(<CreatorGuidelines />);

    expect(screen.getByRole('heading', { level: 1, name: 'Creator Guidelines' })).toBeInTheDocument();
    expect(sectionTitles()).toEqual([
      'Originality and Intellectual Property',
      'Avatars and Virtual Characters',
      'Respect and Safety',
      'Legal Compliance',
      'Reporting and Enforcement',
    ]);
  });

  it('About Us mentions AI-assisted filmmaking tools', () => {
    renderWithProviders(<AboutUs />);

    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(pageText()).toContain('AI-assisted filmmaking tools');
  });
});
