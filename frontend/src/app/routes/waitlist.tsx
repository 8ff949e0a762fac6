import { WaitlistLanding } from '@/features/waitlist/components/waitlist-landing';

/** The pre-launch teaser with the waitlist and 'Help Shape' feedback forms. */
export default function WaitlistRoute() {
  return <WaitlistLanding />;
}
