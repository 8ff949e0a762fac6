import { Navigate } from 'react-router-dom';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { CreatorOnboarding } from '@/features/creators/components/creator-onboarding';

export const ONBOARDING_SIGN_IN_MESSAGE = 'Sign in to create your creator profile.';

/** /creatorlogin: the four-step creator onboarding, for signed-in users only. */
export default function CreatorOnboardingRoute() {
  const user = useUser();

  if (user.isPending) {
    return (
      <div className="flex min-h-[70dvh] flex-1 items-center justify-center pt-16">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!user.data) {
    return (
      <Navigate to={`${paths.auth}?message=${encodeURIComponent(ONBOARDING_SIGN_IN_MESSAGE)}`} replace />
    );
  }
  return <CreatorOnboarding />;
}
