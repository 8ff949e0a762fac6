import type { Creator } from '@/lib/api/types';

export type SocialLinkKind = 'website' | 'twitter' | 'instagram' | 'youtube';

export type SocialLink = { kind: SocialLinkKind; label: string; href: string; text: string };

const bare = (handle: string) => handle.trim().replace(/^@/, '');

/** A URL safe to put in an href: http(s) only. */
function safeWebsite(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const displayHost = (href: string) => {
  const url = new URL(href);
  return `${url.host.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
};

/** The sites a creator names by handle, in the order their links show, and a handle's profile there. */
const HANDLE_SITES = [
  { kind: 'twitter', label: 'Twitter', profile: (handle: string) => `https://twitter.com/${handle}` },
  { kind: 'instagram', label: 'Instagram', profile: (handle: string) => `https://instagram.com/${handle}` },
  { kind: 'youtube', label: 'YouTube', profile: (handle: string) => `https://youtube.com/@${handle}` },
] as const;

/**
 * A creator's links: the website, and the twitter, instagram and youtube handles (stored bare)
 * as profile links.
 */
export function creatorSocialLinks(creator: Pick<Creator, 'website' | 'socialLinks'>): SocialLink[] {
  const links: SocialLink[] = [];
  const website = safeWebsite(creator.website ?? creator.socialLinks?.website);
  if (website) links.push({ kind: 'website', label: 'Website', href: website, text: displayHost(website) });
  for (const { kind, label, profile } of HANDLE_SITES) {
    const value = creator.socialLinks?.[kind];
    if (!value) continue;
    const handle = bare(value);
    links.push({ kind, label, href: profile(encodeURIComponent(handle)), text: `@${handle}` });
  }
  return links;
}
