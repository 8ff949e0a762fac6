import { WaitlistLanding } from '@/features/waitlist/components/waitlist-landing';

/** The pre-launch teaser with the waitlist and 'Help Shape' feedback forms (SPEC §2). */
export default function WaitlistRoute() {
  return <WaitlistLanding />;
}
