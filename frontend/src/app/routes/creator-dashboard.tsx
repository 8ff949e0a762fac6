import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function CreatorDashboardRoute() {
  return (
    <PagePlaceholder title="Creator Dashboard" description="Views, watch time, audience and your films." />
  );
}
