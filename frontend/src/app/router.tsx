import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from 'react-router-dom';

import { paths } from '@/config/paths';
import { getCreatorQueryOptions } from '@/features/creators/api/get-creator';
import { getFilmQueryOptions } from '@/features/films/api/get-film';
import { prefetchBrowseFilms, prefetchFeaturedHero } from '@/features/films/api/prefetch-films';
import { queryClient } from '@/lib/query-client';
import { parsePositiveId } from '@/lib/route-params';

import { RootLayout, StandaloneLayout } from './root-layout';
import { RouteError } from './route-error';

type ScreenModule = { default: ComponentType };
type ScreenHandle = { preload: () => Promise<ScreenModule>; prefetch?: (params: Params) => Promise<void> };

/**
 * Prefetches the query of the path's `id` when it is valid (the screen shows an invalid one as not
 * found).
 */
const prefetchById =
  <TData, TKey extends QueryKey>(options: (id: number) => FetchQueryOptions<TData, Error, TData, TKey>) =>
  ({ id: raw }: Params): Promise<void> => {
    const id = parsePositiveId(raw);
    return id === null ? Promise.resolve() : queryClient.prefetchQuery(options(id));
  };

/** A layout around its screens, whose errors show inside it (a screen error keeps its bars on the page). */
const layout = (element: ReactNode, screens: RouteObject[]): RouteObject => ({
  element,
  errorElement: <RouteError />,
  children: [{ errorElement: <RouteError />, children: screens }],
});

/**
 * Each screen is its own chunk, so the initial bundle holds only the shell. `handle.preload` starts
 * loading it ({@link preloadScreen}); once it is in, the screen renders at once, with no loading
 * frame: React.lazy is handed a thenable that resolves synchronously.
 */
const screen = (
  load: () => Promise<ScreenModule>,
  prefetch?: ScreenHandle['prefetch'],
): Pick<RouteObject, 'element' | 'handle'> => {
  let loaded: ScreenModule | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a later render tries again
        throw error;
      },
    ));
  const Screen = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    const resolved = { then: (onLoaded: (value: ScreenModule) => unknown) => onLoaded(module) };
    return resolved as unknown as Promise<ScreenModule>;
  });
  const handle: ScreenHandle = { preload, prefetch };
  return { element: <Screen />, handle };
};

export const routes: RouteObject[] = [
  // Pages with their own top bar and footer.
  layout(<StandaloneLayout />, [
    { path: paths.landing, ...screen(() => import('./routes/landing')) },
    { path: paths.waitlist, ...screen(() => import('./routes/waitlist')) },
  ]),
  layout(<RootLayout />, [
    { path: paths.frontpage, ...screen(() => import('./routes/frontpage')) },
    { path: paths.auth, ...screen(() => import('./routes/auth')) },
    {
      path: paths.home,
      ...screen(
        () => import('./routes/home'),
        () => prefetchFeaturedHero(queryClient),
      ),
    },
    {
      path: paths.browse,
      ...screen(
        () => import('./routes/browse'),
        () => prefetchBrowseFilms(queryClient, window.location.search),
      ),
    },
    { path: paths.discoverCreators, ...screen(() => import('./routes/discover-creators')) },
    { path: paths.discoverCritics, ...screen(() => import('./routes/discover-critics')) },
    { path: paths.awards, ...screen(() => import('./routes/awards')) },
    { path: paths.profile, ...screen(() => import('./routes/profile')) },
    { path: paths.history, ...screen(() => import('./routes/history')) },
    { path: paths.admin, ...screen(() => import('./routes/admin')) },
    {
      path: paths.film,
      ...screen(() => import('./routes/film'), prefetchById(getFilmQueryOptions)),
    },
    {
      path: paths.creator,
      ...screen(() => import('./routes/creator'), prefetchById(getCreatorQueryOptions)),
    },
    { path: paths.creatorOnboarding, ...screen(() => import('./routes/creator-onboarding')) },
    { path: paths.creatorDashboard, ...screen(() => import('./routes/creator-dashboard')) },
    { path: paths.criticSignup, ...screen(() => import('./routes/critic-signup')) },
    { path: paths.criticDashboard, ...screen(() => import('./routes/critic-dashboard')) },
    { path: paths.terms, ...screen(() => import('./routes/terms')) },
    { path: paths.about, ...screen(() => import('./routes/about')) },
    { path: paths.privacy, ...screen(() => import('./routes/privacy')) },
    { path: paths.creatorGuidelines, ...screen(() => import('./routes/creator-guidelines')) },
    { path: paths.upload, ...screen(() => import('./routes/upload')) },
    { path: paths.uploadFilm, ...screen(() => import('./routes/upload-film')) },
    { path: '*', ...screen(() => import('./routes/not-found')) },
  ]),
];

/**
 * Starts loading the screen the router has matched (the page being opened), so its code downloads
 * while the app's own code runs instead of after the app's first render, and what the screen
 * prefetches (the film or creator of its address, the data and first posters of the home hero and
 * of the browse grid). Settles once the screen's code and data are in or have failed (the screen's
 * own render then tries again and shows its error).
 */
export async function preloadScreen(router: AppRouter): Promise<void> {
  const match = router.state.matches.at(-1);
  const handle = match?.route.handle as ScreenHandle | undefined;
  await Promise.allSettled([handle?.preload(), handle?.prefetch?.(match?.params ?? {})]);
}

export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
