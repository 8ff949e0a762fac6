import { Suspense, useCallback, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';

import { FilmCardLikeProvider, type RenderFilmCardLike } from '@/components/film/film-card-like';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { SkipLink } from '@/components/layout/skip-link';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { LikeButton } from '@/features/likes/components/like-button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

export function PageFallback() {
  return <PageSpinner label="Loading page" />;
}

/**
 * Every app screen sits under the fixed navigation bar; route screens load lazily inside. Film cards
 * get their like control here: the card is shared code and likes are a feature.
 *
 * The footer waits with the screen: were it shown under the loading spinner, the screen arriving
 * would push it down (or pull it up), a layout shift; arriving together, nothing moves.
 */
export function RootLayout() {
  const user = useUser();
  const logout = useLogout();
  const signedIn = user.isPending ? null : Boolean(user.data);
  const renderLike = useCallback<RenderFilmCardLike>(
    (film) => <LikeButton film={film} signedIn={signedIn} variant="card" />,
    [signedIn],
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Navbar
        user={user.data}
        onSignOut={() => logout.mutate()}
        isSigningOut={logout.isPending}
        notifications={user.data ? <NotificationBell /> : null}
      />
      <Suspense
        fallback={
          <Main>
            <PageFallback />
          </Main>
        }
      >
        <Main>
          <FilmCardLikeProvider render={renderLike}>
            <Outlet />
          </FilmCardLikeProvider>
        </Main>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}

/** The page's main landmark, the skip link's target. */
function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
      {children}
    </main>
  );
}

/**
 * The marketing landing page and the waitlist teaser bring their own top bar and footer,
 * so they sit outside the app's navigation bar instead of showing two bars.
 */
export function StandaloneLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
