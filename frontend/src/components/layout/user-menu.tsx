import {
  Clapperboard,
  Crown,
  History,
  LogOut,
  PenLine,
  Settings,
  ShieldCheck,
  Sparkles,
  User as UserIcon,
} from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { getDisplayName, getInitials, isPremium, planLabel } from '@/lib/user';
import { cn } from '@/lib/utils';
import type { User } from '@/lib/api/types';

type UserMenuProps = {
  user: User;
  onSignOut: () => void;
  isSigningOut?: boolean;
};

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-fg-muted outline-none ' +
  'transition-colors hover:bg-white/10 hover:text-fg focus-visible:bg-white/10 focus-visible:text-fg';

const getMenuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);

/** The signed-in avatar menu of the navigation bar (a disclosure-style menu button). */
export function UserMenu({ user, onSignOut, isSigningOut = false }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = getDisplayName(user);
  const premium = isPremium(user);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    getMenuItems(menuRef.current)[0]?.focus();
    const onPointerDown = (event: Event) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open, close]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = getMenuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const item = (to: string, icon: ReactNode, label: string) => (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClasses} onClick={() => close(false)}>
      {icon}
      {label}
    </Link>
  );

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onTriggerKeyDown}
        className="rounded-full ring-2 ring-transparent transition hover:ring-white/30 aria-expanded:ring-accent"
      >
        <Avatar src={user.profileImageUrl} initials={getInitials(user)} />
      </button>

      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className={cn(
            'menu-pop absolute right-0 mt-3 w-64 origin-top-right rounded-2xl border border-white/10 p-2',
            'bg-surface-raised/95 shadow-2xl shadow-black/70 backdrop-blur-xl',
          )}
        >
          <div role="presentation" className="flex items-center gap-3 px-3 pt-2 pb-3">
            <Avatar src={user.profileImageUrl} initials={getInitials(user)} className="size-10" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-fg" data-testid="user-menu-name">
                {name}
              </p>
              <p
                className={cn(
                  'flex items-center gap-1 text-xs',
                  premium ? 'font-medium text-accent' : 'text-fg-subtle',
                )}
              >
                {premium ? <Crown className="size-3" aria-hidden="true" /> : null}
                {planLabel(user)}
              </p>
            </div>
          </div>
          <div role="separator" className="my-1 h-px bg-white/10" />
          {item(paths.profile, <UserIcon className="size-4" aria-hidden="true" />, 'Profile')}
          {item(paths.history, <History className="size-4" aria-hidden="true" />, 'Watch History')}
          {item(paths.profile, <Settings className="size-4" aria-hidden="true" />, 'Settings')}
          {premium
            ? null
            : item(paths.profile, <Sparkles className="size-4" aria-hidden="true" />, 'Upgrade to Premium')}
          {user.roles.includes('critic')
            ? item(
                paths.criticDashboard,
                <PenLine className="size-4" aria-hidden="true" />,
                'Critic Dashboard',
              )
            : null}
          {user.roles.includes('creator')
            ? item(
                paths.creatorDashboard,
                <Clapperboard className="size-4" aria-hidden="true" />,
                'Creator Dashboard',
              )
            : null}
          {user.isAdmin
            ? item(paths.admin, <ShieldCheck className="size-4" aria-hidden="true" />, 'Admin Dashboard')
            : null}
          <div role="separator" className="my-1 h-px bg-white/10" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={isSigningOut}
            className={cn(itemClasses, 'hover:text-red-300 focus-visible:text-red-300')}
            onClick={() => {
              close(false);
              onSignOut();
            }}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {isSigningOut ? 'Signing Out...' : 'Sign Out'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
