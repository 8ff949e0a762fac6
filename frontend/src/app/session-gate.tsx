import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { signInPath } from '@/config/paths';
import type { User } from '@/lib/api/types';

/** A members' screen: a spinner while the session is checked, `signedOut` for a visitor, else the screen. */
export function SessionGate({
  user,
  signedOut,
  children,
}: {
  user: UseQueryResult<User | null>;
  signedOut: ReactNode;
  children: ReactNode;
}) {
  if (user.isPending) return <PageSpinner label="Checking your session" className="flex-1" />;
  return user.data ? children : signedOut;
}

/** Sends a visitor on to sign in, the sign-in screen saying `message`. */
export function SignInFirst({ message }: { message: string }) {
  return <Navigate to={signInPath(message)} replace />;
}
