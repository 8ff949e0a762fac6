import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FILM_RATING_REFRESH_DELAY_MS } from '@/config/constants';
import { createQueryClient } from '@/lib/query-client';

import { getFilmQueryOptions, useRefreshFilmRating } from './get-film';

describe('useRefreshFilmRating', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('invalidates the film now and once more after the delay', () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRefreshFilmRating(3), { wrapper });

    result.current();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: getFilmQueryOptions(3).queryKey });

    vi.advanceTimersByTime(FILM_RATING_REFRESH_DELAY_MS - 1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
