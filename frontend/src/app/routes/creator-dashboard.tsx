import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BecomeCreatorNotice } from '@/features/studio/components/become-creator-notice';
import { CreatorDashboard } from '@/features/studio/components/creator-dashboard';

import { SessionGate } from '../session-gate';
import { useCreatorRole } from '../use-creator-role';

/** /creator-dashboard: 'Access Denied' when signed out; a creator's dashboard otherwise. */
export default function CreatorDashboardRoute() {
  const { user, isCreator } = useCreatorRole();

  const signedOut = (
    <div className="flex min-h-[70dvh] flex-1 flex-col items-center justify-center px-4 pt-16 text-center">
      <title>Creator Dashboard · Kinora</title>
      <Lock className="size-10 text-fg-subtle" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-fg">Access Denied</h1>
      <p className="mt-1 text-fg-muted">Please log in to access your creator dashboard.</p>
      <Link to={paths.auth} className={buttonClasses({ className: 'mt-6' })}>
        Sign In
      </Link>
    </div>
  );
  return (
    <SessionGate user={user} signedOut={signedOut}>
      <title>Creator Dashboard · Kinora</title>
      {isCreator ? (
        <CreatorDashboard />
      ) : (
        <div className="mx-auto w-full max-w-3xl flex-1 px-4 pt-28 pb-20">
          <h1 className="mb-8 text-3xl font-bold tracking-tight text-fg">Creator Dashboard</h1>
          <BecomeCreatorNotice what="The creator dashboard" />
        </div>
      )}
    </SessionGate>
  );
}
