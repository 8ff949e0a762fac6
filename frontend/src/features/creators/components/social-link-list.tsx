import { Globe, Instagram, Twitter, Youtube, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import type { SocialLink, SocialLinkKind } from '../utils/social-links';

const socialIcons: Record<SocialLinkKind, LucideIcon> = {
  website: Globe,
  twitter: Twitter,
  instagram: Instagram,
  youtube: Youtube,
};

/**
 * A creator's links as a list, each opening in a new tab and led by its network's icon; `text`
 * gives what follows the icon and `name`, where given, the link's accessible name.
 */
export function SocialLinkList({
  links,
  label,
  className,
  linkClassName,
  iconClassName,
  name,
  text,
}: {
  links: SocialLink[];
  label?: string;
  className: string;
  linkClassName: string;
  iconClassName: string;
  name?: (link: SocialLink) => string;
  text: (link: SocialLink) => ReactNode;
}) {
  return (
    <ul aria-label={label} className={className}>
      {links.map((link) => {
        const Icon = socialIcons[link.kind];
        return (
          <li key={link.kind}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={name?.(link)}
              className={linkClassName}
            >
              <Icon className={iconClassName} aria-hidden="true" />
              {text(link)}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
