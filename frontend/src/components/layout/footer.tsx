import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { Logo } from './logo';

const links = [
  { to: paths.about, label: 'About' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.creatorGuidelines, label: 'Creator Guidelines' },
];

export function Footer() {
  return (
    <footer className="border-t border-white/5 bg-black/40">
      <div className="mx-auto flex max-w-screen-2xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between md:px-8">
        <div className="space-y-2">
          <Logo className="[&_svg]:size-6 [&>span]:text-base" />
          <p className="text-sm text-fg-subtle">Curated. Ethical. Independent.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded text-fg-muted transition-colors hover:text-fg">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-fg-subtle">© 2024 Kinora. All rights reserved.</p>
      </div>
    </footer>
  );
}
