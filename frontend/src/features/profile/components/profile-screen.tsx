import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSignedOutRedirect } from '@/hooks/use-signed-out-redirect';
import { browser } from '@/lib/browser';
import { getDisplayName, getInitials, isPremium } from '@/lib/user';
import { cn } from '@/lib/utils';
import type { User } from '@/lib/api/types';

import { AccountSettings } from './account-settings';
import { ContinueWatching } from './continue-watching';
import { MyList } from './my-list';
import { SubscriptionCard } from './subscription-card';
import { YourDataCard } from './your-data-card';

type ProfileScreenProps = {
  /** undefined while loading, null when signed out. */
  user: User | null | undefined;
  onUserUpdated: (user: User) => void;
  /** Called after a list change: the saved-film counts follow by an event. */
  onListChanged?: () => void;
  notifications?: ReactNode;
  /** Settings other features own (personalised recommendations), shown before Your data. */
  settings?: ReactNode;
  /** After the member deleted their account: signed out, sent home. */
  onAccountDeleted?: () => void;
};

function ProfileSkeleton() {
  return (
    <div aria-label="Loading profile" aria-busy="true" className="grid gap-6">
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-5 w-32" />
        </div>
      </div>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** /profile: who the member is, their lists, account settings and plan. */
export function ProfileScreen({
  user,
  onUserUpdated,
  onListChanged,
  notifications,
  settings,
  onAccountDeleted = () => {},
}: ProfileScreenProps) {
  useSignedOutRedirect(user === null, 'Please sign in to see your profile.');

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 pt-28 pb-20 md:px-8">
      {user === undefined ? (
        <ProfileSkeleton />
      ) : user === null ? (
        <div role="alert">
          <h1 className="text-center text-2xl font-semibold text-fg-muted">Failed to load user profile</h1>
        </div>
      ) : (
        <>
          <header className="flex flex-wrap items-center gap-5">
            <Avatar src={user.profileImageUrl} initials={getInitials(user)} size="size-20 text-2xl" />
            <div className="grid gap-2">
              <h1 className="text-3xl font-bold text-fg">{getDisplayName(user)}</h1>
              <div className="flex flex-wrap items-center gap-3 text-sm text-fg-muted">
                <span
                  className={cn(
                    'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                    isPremium(user) ? 'bg-accent text-accent-fg' : 'bg-white/10 text-fg',
                  )}
                >
                  {isPremium(user) ? 'Premium' : 'Free'}
                </span>
                <span data-testid="saved-count">
                  {user.watchlistCount + user.favoritesCount}{' '}
                  {user.watchlistCount + user.favoritesCount === 1 ? 'saved film' : 'saved films'}
                </span>
              </div>
            </div>
          </header>
          <ContinueWatching />
          <MyList onChanged={onListChanged} />
          <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
            <AccountSettings user={user} onUserUpdated={onUserUpdated} notifications={notifications} />
            <SubscriptionCard user={user} />
          </div>
          {settings}
          <YourDataCard email={user.email} onAccountDeleted={onAccountDeleted} />
          <div>
            <Button variant="outline" onClick={() => browser.assign(paths.apiLogout)}>
              <LogOut className="size-4" aria-hidden="true" /> Sign Out
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
