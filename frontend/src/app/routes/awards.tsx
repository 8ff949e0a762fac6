import { AwardsPage } from '@/features/awards/components/awards-page';
import { useUser } from '@/features/auth/api/get-user';
import { GetNotifiedButton } from '@/features/waitlist/components/get-notified-button';

/** /awards: members get notified with their own address; visitors are asked to sign in first. */
export default function AwardsRoute() {
  const user = useUser().data;
  return <AwardsPage notify={user ? <GetNotifiedButton email={user.email} /> : undefined} />;
}
