import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function AuthRoute() {
  return (
    <PagePlaceholder
      title="Sign In"
      description="Passwordless sign-in with a 6-digit code sent to your email."
    />
  );
}
