import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
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
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';

import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { useTabClosingMenu } from '@/hooks/use-tab-closing-menu';
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

/**
 * The signed-in avatar menu of the navigation bar (Radix DropdownMenu: the first item takes focus on
 * opening; arrows, Home/End and type-ahead move; Escape closes it and focuses the avatar again; a
 * click outside closes it; Tab closes it and goes on along the page).
 */
export function UserMenu({ user, onSignOut, isSigningOut = false }: UserMenuProps) {
  const { triggerRef, rootProps, contentProps } = useTabClosingMenu('[role="menuitem"]:not([data-disabled])');
  const name = getDisplayName(user);
  const premium = isPremium(user);

  const item = (to: string, Icon: LucideIcon, label: string) => (
    <DropdownMenu.Item asChild className={itemClasses}>
      <Link to={to}>
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </Link>
    </DropdownMenu.Item>
  );

  return (
    <DropdownMenu.Root {...rootProps}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        aria-label={`Account menu for ${name}`}
        className="rounded-full ring-2 ring-transparent transition hover:ring-white/30 aria-expanded:ring-accent"
      >
        <Avatar src={user.profileImageUrl} initials={getInitials(user)} />
      </DropdownMenu.Trigger>

      <DropdownMenu.Portal>
        <DropdownMenu.Content
          // Named "Account", not after the avatar button Radix would label it with.
          aria-labelledby={undefined}
          aria-label="Account"
          side="bottom"
          align="end"
          sideOffset={12}
          loop
          // The first item takes focus on opening, however the menu was opened.
          {...contentProps}
          className={cn(
            'menu-pop z-50 w-64 origin-top-right rounded-2xl border border-white/10 p-2',
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
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          {item(paths.profile, UserIcon, 'Profile')}
          {item(paths.history, History, 'Watch History')}
          {item(paths.profile, Settings, 'Settings')}
          {premium ? null : item(paths.profile, Sparkles, 'Upgrade to Premium')}
          {user.roles.includes('critic') ? item(paths.criticDashboard, PenLine, 'Critic Dashboard') : null}
          {user.roles.includes('creator')
            ? item(paths.creatorDashboard, Clapperboard, 'Creator Dashboard')
            : null}
          {user.isAdmin ? item(paths.admin, ShieldCheck, 'Admin Dashboard') : null}
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          <DropdownMenu.Item
            disabled={isSigningOut}
            onSelect={onSignOut}
            className={cn(itemClasses, 'hover:text-red-300 focus-visible:text-red-300')}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {isSigningOut ? 'Signing Out...' : 'Sign Out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
