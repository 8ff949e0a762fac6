import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function CreatorOnboardingRoute() {
  return (
    <PagePlaceholder title="Become a Creator" description="Set up your creator profile in four steps." />
  );
}
