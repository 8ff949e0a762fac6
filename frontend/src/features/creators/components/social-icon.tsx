import { Globe, Instagram, Twitter, Youtube, type LucideIcon } from 'lucide-react';

import type { SocialLinkKind } from '../utils/social-links';

export const socialIcons: Record<SocialLinkKind, LucideIcon> = {
  website: Globe,
  twitter: Twitter,
  instagram: Instagram,
  youtube: Youtube,
};
