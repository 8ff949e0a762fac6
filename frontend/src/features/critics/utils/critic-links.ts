import type { Critic } from '@/lib/api/types';

export type CriticLink = { label: 'Twitter' | 'Instagram' | 'LinkedIn' | 'Website'; href: string };

/** A handle (with or without @) becomes the profile URL on its site; a full URL is kept. */
const toUrl = (value: string, base: string) =>
  /^https?:\/\//i.test(value) ? value : `${base}${encodeURIComponent(value.replace(/^@/, ''))}`;

/** The critic's links that are set, in a fixed order; the profile website counts when no social one is. */
export function criticLinks(critic: Pick<Critic, 'socialLinks' | 'website'>): CriticLink[] {
  const { twitter, instagram, linkedin, website } = critic.socialLinks;
  const links: (CriticLink | null)[] = [
    twitter ? { label: 'Twitter', href: toUrl(twitter, 'https://twitter.com/') } : null,
    instagram ? { label: 'Instagram', href: toUrl(instagram, 'https://instagram.com/') } : null,
    linkedin ? { label: 'LinkedIn', href: toUrl(linkedin, 'https://www.linkedin.com/in/') } : null,
    (website ?? critic.website) ? { label: 'Website', href: (website ?? critic.website)! } : null,
  ];
  return links.filter((link): link is CriticLink => link !== null);
}
