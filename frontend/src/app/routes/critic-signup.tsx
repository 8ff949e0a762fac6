import { useSearchParams } from 'react-router-dom';

import { CriticSignup } from '@/features/critics/components/critic-signup';

export default function CriticSignupRoute() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <title>Critic Invitation · Kinora</title>
      <CriticSignup token={searchParams.get('token')} />
    </>
  );
}
