import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function CriticDashboardRoute() {
  return <PagePlaceholder title="Critic Dashboard" description="Your reviews, followers and impact." />;
}
