import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function AwardsRoute() {
  return <PagePlaceholder title="Awards" description="Celebrating the best of generative cinema." />;
}
