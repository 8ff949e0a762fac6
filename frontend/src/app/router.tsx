import { lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { paths } from '@/config/paths';

import { RootLayout, StandaloneLayout } from './root-layout';
import { RouteError } from './route-error';

/** Each screen is its own chunk, so the initial bundle holds only the shell. */
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return <Screen />;
};

export const routes: RouteObject[] = [
  {
    // Pages with their own top bar and footer.
    element: <StandaloneLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.landing, element: screen(() => import('./routes/landing')) },
          { path: paths.waitlist, element: screen(() => import('./routes/waitlist')) },
        ],
      },
    ],
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A screen error keeps the navigation bar on the page.
        errorElement: <RouteError />,
        children: [
          { path: paths.frontpage, element: screen(() => import('./routes/frontpage')) },
          { path: paths.auth, element: screen(() => import('./routes/auth')) },
          { path: paths.home, element: screen(() => import('./routes/home')) },
          { path: paths.browse, element: screen(() => import('./routes/browse')) },
          { path: paths.discoverCreators, element: screen(() => import('./routes/discover-creators')) },
          { path: paths.discoverCritics, element: screen(() => import('./routes/discover-critics')) },
          { path: paths.awards, element: screen(() => import('./routes/awards')) },
          { path: paths.profile, element: screen(() => import('./routes/profile')) },
          { path: paths.history, element: screen(() => import('./routes/history')) },
          { path: paths.admin, element: screen(() => import('./routes/admin')) },
          { path: paths.film, element: screen(() => import('./routes/film')) },
          { path: paths.creator, element: screen(() => import('./routes/creator')) },
          { path: paths.creatorOnboarding, element: screen(() => import('./routes/creator-onboarding')) },
          { path: paths.creatorDashboard, element: screen(() => import('./routes/creator-dashboard')) },
          { path: paths.criticSignup, element: screen(() => import('./routes/critic-signup')) },
          { path: paths.criticDashboard, element: screen(() => import('./routes/critic-dashboard')) },
          { path: paths.terms, element: screen(() => import('./routes/terms')) },
          { path: paths.about, element: screen(() => import('./routes/about')) },
          { path: paths.privacy, element: screen(() => import('./routes/privacy')) },
          { path: paths.creatorGuidelines, element: screen(() => import('./routes/creator-guidelines')) },
          { path: paths.upload, element: screen(() => import('./routes/upload')) },
          { path: paths.uploadFilm, element: screen(() => import('./routes/upload-film')) },
          { path: '*', element: screen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
