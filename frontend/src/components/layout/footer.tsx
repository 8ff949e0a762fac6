import { Instagram, Twitter, Youtube, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';

import { COMPANY_ABN, COPYRIGHT_YEAR } from '@/config/constants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

import { Logo } from './logo';

type FooterLink = { label: string; to?: string };

/** Contact, Help Center and the social icons have no target yet: they render as disabled text. */
const columns: { heading: string; links: FooterLink[] }[] = [
  {
    heading: 'Company',
    links: [{ label: 'About Us', to: paths.about }, { label: 'Contact' }, { label: 'Help Center' }],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Creator Guidelines', to: paths.creatorGuidelines },
    ],
  },
];

const socials: { label: string; icon: LucideIcon }[] = [
  { label: 'Twitter', icon: Twitter },
  { label: 'Instagram', icon: Instagram },
  { label: 'YouTube', icon: Youtube },
];

const linkClasses = 'rounded text-fg-muted transition-colors hover:text-fg';
const placeholderClasses = 'cursor-not-allowed text-fg-subtle/70';

/** The site footer of the home, marketing and static pages, with the ABN and '© 2024' lines. */
export function Footer({ className }: { className?: string }) {
  return (
    <footer className={cn('border-t border-white/5 bg-black/40', className)}>
      <div className="mx-auto grid max-w-screen-2xl gap-10 px-4 pt-12 pb-8 md:grid-cols-[1.6fr_1fr_1fr_1fr] md:px-8">
        <div className="space-y-3">
          <Logo className="[&_svg]:size-6 [&>span]:text-base" />
          <p className="text-sm font-medium text-fg-muted">Curated. Ethical. Independent.</p>
          <p className="max-w-xs text-sm leading-relaxed text-fg-subtle">
            Streaming and community for independent generative cinema, with fair revenue sharing for every
            creator.
          </p>
        </div>

        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="mb-3 text-xs font-semibold tracking-[0.14em] text-fg uppercase">
              {column.heading}
            </h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.to ? (
                    <Link to={link.to} className={linkClasses}>
                      {link.label}
                    </Link>
                  ) : (
                    <span aria-disabled="true" title="Coming soon" className={placeholderClasses}>
                      {link.label}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div>
          <h2 className="mb-3 text-xs font-semibold tracking-[0.14em] text-fg uppercase">Follow</h2>
          <ul className="flex gap-2" aria-label="Social media">
            {socials.map(({ label, icon: Icon }) => (
              <li key={label}>
                <span
                  role="img"
                  aria-label={label}
                  aria-disabled="true"
                  title={`${label} (coming soon)`}
                  className="inline-flex size-9 cursor-not-allowed items-center justify-center rounded-full border border-white/10 text-fg-subtle/70"
                >
                  <Icon className="size-4" aria-hidden="true" />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/5">
        <div className="mx-auto flex max-w-screen-2xl flex-col gap-1 px-4 py-5 text-xs text-fg-subtle sm:flex-row sm:justify-between md:px-8">
          <p>{`© ${COPYRIGHT_YEAR} Kinora. All rights reserved.`}</p>
          <p>{COMPANY_ABN}</p>
        </div>
      </div>
    </footer>
  );
}
