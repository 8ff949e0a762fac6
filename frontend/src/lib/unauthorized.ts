import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';

import { browser } from './browser';

/** A 401 redirects after 500 ms, so the toast is seen first. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

export const isUnauthorizedError = (error: unknown): boolean =>
  error instanceof Error && /^401: .*Unauthorized/s.test(error.message);

/**
 * A message starting with '401: ' and containing 'Unauthorized' shows the toast
 * 'Unauthorized - You are logged out. Logging in again...' and goes to the login path after 0.5 s.
 * Used by the list add, review, follow and film status mutations. Returns whether it handled the error,
 * so callers show their own failure toast otherwise; a mutation whose form shows any other failure
 * itself takes it as its onError.
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => browser.assign(paths.apiLogin), UNAUTHORIZED_REDIRECT_DELAY_MS);
  return true;
}

/**
 * A mutation's onError: a 401 through handleUnauthorized, else the failure toast `title`, with
 * `describe(error)` under it where given.
 */
export const toastFailure =
  (title: string, describe?: (error: Error) => string | undefined) =>
  (error: Error): void => {
    if (handleUnauthorized(error)) return;
    toast({ title, description: describe?.(error), variant: 'destructive' });
  };
