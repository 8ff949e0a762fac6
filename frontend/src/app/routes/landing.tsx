import { Navigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { MarketingLanding } from '@/features/marketing/components/marketing-landing';

/** Marketing landing page: signed-in users are sent on to /home. */
export default function LandingRoute() {
  const { data: user } = useUser();

  if (user) return <Navigate to={paths.home} replace />;

  // While the session check runs the page shows as signed out; its buttons lead to /auth, which
  // itself sends a signed-in user on to /home.
  return <MarketingLanding isSignedIn={false} />;
}
