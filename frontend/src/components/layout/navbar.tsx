import { Menu, Search, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { NAV_GLASS_SCROLL_THRESHOLD_PX } from '@/config/constants';
import { browseSearchPath, paths } from '@/config/paths';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { cn } from '@/lib/utils';
import type { User } from '@/lib/api/types';

import { Logo } from './logo';
import { UserMenu } from './user-menu';

export type NavbarProps = {
  /** undefined while the current user is loading, null when signed out. */
  user: User | null | undefined;
  onSignOut: () => void;
  isSigningOut?: boolean;
  /** Shown beside the avatar menu to signed-in users (the notification bell, composed by the app). */
  notifications?: ReactNode;
};

type NavItem = { to: string; label: string };

const primaryLinks: NavItem[] = [
  { to: paths.browse, label: 'Browse' },
  { to: paths.discoverCreators, label: 'Creators' },
  { to: paths.discoverCritics, label: 'Critics' },
  { to: paths.awards, label: 'Awards' },
];

function navItems(user: User | null | undefined): NavItem[] {
  const items = [...primaryLinks];
  if (user) items.push({ to: paths.profile, label: 'My List' });
  if (user?.isAdmin) items.push({ to: paths.admin, label: 'Admin' });
  return items;
}

function SearchForm({ className, onSearched }: { className?: string; onSearched?: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [query, setQuery] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    navigate(browseSearchPath(text));
    onSearched?.();
  };

  return (
    <form role="search" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        Search films
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search films"
        autoComplete="off"
        enterKeyHint="search"
        className={cn(
          'h-10 w-full rounded-full border border-white/10 bg-white/5 pr-11 pl-4 text-sm text-fg',
          'placeholder:text-fg-subtle transition-colors hover:border-white/20 focus:border-accent/70 focus:bg-black/40',
          'focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden',
        )}
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-white/10 hover:text-fg"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}

const desktopLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative rounded-md px-3 py-2 text-sm font-medium transition-colors',
    'after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:transition-opacity',
    isActive
      ? 'text-fg after:bg-accent after:opacity-100'
      : 'text-fg-muted hover:text-fg after:bg-accent after:opacity-0',
  );

const mobileLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-3 text-base font-medium transition-colors',
    isActive ? 'bg-white/10 text-fg' : 'text-fg-muted hover:bg-white/5 hover:text-fg',
  );

/** The fixed top navigation bar (docs/ui.md). */
export function Navbar({ user, onSignOut, isSigningOut, notifications }: NavbarProps) {
  const scrolled = useScrolledPast(NAV_GLASS_SCROLL_THRESHOLD_PX);
  const location = useLocation();
  // The mobile menu belongs to the location it was opened at, so any navigation closes it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === location.key;
  const setMobileOpen = (open: boolean) => setMobileOpenAt(open ? location.key : null);
  const navigate = useNavigate();
  const mobileMenuId = useId();
  const items = navItems(user);
  const glassy = scrolled || mobileOpen;

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpenAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen]);

  const mobileItems: NavItem[] = [
    { to: paths.home, label: 'Home' },
    ...items,
    { to: paths.profile, label: 'My Profile' },
  ];

  return (
    <header
      data-glass={glassy ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-50 transition-[background-color,backdrop-filter,border-color,box-shadow] duration-300',
        glassy
          ? 'border-b border-white/10 bg-background/70 shadow-lg shadow-black/40 backdrop-blur-xl backdrop-saturate-150'
          : 'border-b border-transparent bg-gradient-to-b from-black/80 via-black/40 to-transparent bg-origin-border',
      )}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-screen-2xl items-center gap-4 px-4 md:px-8">
        <Link to={paths.landing} className="shrink-0 rounded-md" aria-label="Kinora home">
          <Logo />
        </Link>

        <ul className="ml-4 hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <li key={item.label}>
              <NavLink to={item.to} end className={desktopLinkClasses}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <SearchForm className="hidden w-56 md:block xl:w-72" />

          {user === undefined ? (
            // As wide as Sign In (fixed, whatever the font), so the search box beside it stays put.
            <span aria-hidden="true" className="h-9 w-24 animate-pulse rounded-full bg-white/10" />
          ) : user ? (
            <>
              {notifications}
              <UserMenu user={user} onSignOut={onSignOut} isSigningOut={isSigningOut} />
            </>
          ) : (
            <Button size="sm" className="w-24" onClick={() => navigate(paths.auth)}>
              Sign In
            </Button>
          )}

          <button
            type="button"
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen(!mobileOpen)}
            className="inline-flex size-10 items-center justify-center rounded-full text-fg transition-colors hover:bg-white/10 lg:hidden"
          >
            {mobileOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </nav>

      {mobileOpen ? (
        <div id={mobileMenuId} className="border-t border-white/10 px-4 pt-3 pb-5 lg:hidden">
          <SearchForm className="mb-3 md:hidden" onSearched={() => setMobileOpen(false)} />
          <ul aria-label="Mobile" className="grid gap-1">
            {mobileItems.map((item) => (
              <li key={item.label}>
                <NavLink to={item.to} end className={mobileLinkClasses} onClick={() => setMobileOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </header>
  );
}
