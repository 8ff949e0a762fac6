import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';

import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import type { User } from '@/lib/api/types';

export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 'u-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  isAdmin: false,
  roles: [],
  subscriptionType: 'free',
  subscriptionExpiry: null,
  watchlistCount: 0,
  favoritesCount: 0,
  ...overrides,
});

/** Renders the current location so tests can assert navigations. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

type RenderOptions = { route?: string; queryClient?: QueryClient; routes?: RouteObject[] };

/** Renders `ui` at `route` inside a memory router, a fresh query client and the toaster. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient, routes }: RenderOptions = {},
) {
  const client = queryClient ?? createQueryClient();
  const router = createMemoryRouter(
    routes ?? [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient: client };
}

export const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });

/** A render `wrapper` with a fresh query client, for components that need no router. */
export function withQueryClient(queryClient: QueryClient = createQueryClient()) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };
}
