import { useUser } from '@/features/auth/api/get-user';
import { CreatorOnboarding } from '@/features/creators/components/creator-onboarding';

import { SessionGate, SignInFirst } from '../session-gate';

export const ONBOARDING_SIGN_IN_MESSAGE = 'Sign in to create your creator profile.';

/** /creatorlogin: the four-step creator onboarding, for signed-in users only. */
export default function CreatorOnboardingRoute() {
  return (
    <SessionGate user={useUser()} signedOut={<SignInFirst message={ONBOARDING_SIGN_IN_MESSAGE} />}>
      <CreatorOnboarding />
    </SessionGate>
  );
}
