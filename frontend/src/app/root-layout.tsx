import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';

import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';

export function PageFallback() {
  return (
    <div className="flex min-h-[70dvh] items-center justify-center pt-16">
      <Spinner label="Loading page" />
    </div>
  );
}

/** Every screen sits under the fixed navigation bar; route screens load lazily inside. */
export function RootLayout() {
  const user = useUser();
  const logout = useLogout();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-accent px-4 py-2 font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Navbar user={user.data} onSignOut={() => logout.mutate()} isSigningOut={logout.isPending} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
