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

/**
 * A creator's links: the website, and the twitter, instagram and youtube handles (stored bare)
 * as profile links.
 */
export function creatorSocialLinks(creator: Pick<Creator, 'website' | 'socialLinks'>): SocialLink[] {
  const links: SocialLink[] = [];
  const website = safeWebsite(creator.website ?? creator.socialLinks?.website);
  if (website) links.push({ kind: 'website', label: 'Website', href: website, text: displayHost(website) });
  const { twitter, instagram, youtube } = creator.socialLinks ?? {};
  if (twitter) {
    const handle = bare(twitter);
    links.push({
      kind: 'twitter',
      label: 'Twitter',
      href: `https://twitter.com/${encodeURIComponent(handle)}`,
      text: `@${handle}`,
    });
  }
  if (instagram) {
    const handle = bare(instagram);
    links.push({
      kind: 'instagram',
      label: 'Instagram',
      href: `https://instagram.com/${encodeURIComponent(handle)}`,
      text: `@${handle}`,
    });
  }
  if (youtube) {
    const handle = bare(youtube);
    links.push({
      kind: 'youtube',
      label: 'YouTube',
      href: `https://youtube.com/@${encodeURIComponent(handle)}`,
      text: `@${handle}`,
    });
  }
  return links;
}
