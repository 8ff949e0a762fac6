import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function CreatorRoute() {
  return <PagePlaceholder title="Creator Profile" description="A creator's films, stats and links." />;
}
