import { act, screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';

import { ApiError } from './api-client';
import { browser } from './browser';
import { handleUnauthorized, isUnauthorizedError } from './unauthorized';

describe('handleUnauthorized', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const unauthorized = () =>
    new ApiError(401, 'Unauthorized', '{"statusCode":401,"error":"Unauthorized","message":"Unauthorized"}', {
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
    });

  it('recognises only 401 messages that mention Unauthorized', () => {
    expect(isUnauthorizedError(unauthorized())).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: session expired'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new Error('Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });

  it('toasts and redirects to /api/login after 500 ms', () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    render(<Toaster />);

    let handled = false;
    act(() => {
      handled = handleUnauthorized(unauthorized());
    });

    expect(handled).toBe(true);
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(screen.getByText('Unauthorized').closest('[data-variant]')).toHaveAttribute(
      'data-variant',
      'destructive',
    );

    act(() => vi.advanceTimersByTime(499));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login');
  });

  it('leaves other errors to the caller', () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    render(<Toaster />);

    expect(handleUnauthorized(new Error('500: Internal Server Error'))).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });
});
