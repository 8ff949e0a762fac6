import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';

/** A query's options: its key, and the fetch that is handed the query's abort signal. */
export const fetchQueryOptions = <TData, const TKey extends QueryKey>(
  queryKey: TKey,
  fetch: (signal: AbortSignal) => Promise<TData>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal) });

/** A page of a paged list: while the next page loads, the one before stays on screen. */
export const pageQueryOptions = <TData, const TKey extends QueryKey>(
  queryKey: TKey,
  fetch: (signal: AbortSignal) => Promise<TData>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), placeholderData: keepPreviousData });

/** A query asked again every `intervalMs` while it is shown. */
export const pollingQueryOptions = <TData, const TKey extends QueryKey>(
  queryKey: TKey,
  fetch: (signal: AbortSignal) => Promise<TData>,
  intervalMs: number,
) => queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), refetchInterval: intervalMs });

export type ToastedMutation<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The success toast's title, or how the answer names it. */
  success: string | ((data: TData) => string);
  /** Called after the success toast, before the refetch (a change another feature's queries show). */
  onDone?: () => void;
  /** The queries fetched again after a success. */
  invalidates: readonly QueryKey[];
  /** Usually toastFailure(title, …). */
  onError: (error: Error) => void;
};

/** A mutation that toasts its success, then fetches the queries it changed again. */
export function useToastedMutation<TData, TVariables = void>({
  mutationFn,
  success,
  onDone,
  invalidates,
  onError,
}: ToastedMutation<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data: TData) => {
      toast({ title: typeof success === 'string' ? success : success(data) });
      onDone?.();
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError,
  });
}
