import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * Data fetching (docs/ui.md): queries never go stale, no refetch on window focus, no polling by default,
 * no retries. Screens that poll (admin analytics 30 s, creator analytics 60 s) opt in per query.
 */
export const queryConfig = {
  queries: {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export const createQueryClient = () => new QueryClient({ defaultOptions: queryConfig });

export const queryClient = createQueryClient();
