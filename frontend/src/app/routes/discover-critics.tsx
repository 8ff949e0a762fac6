import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function DiscoverCriticsRoute() {
  return <PagePlaceholder title="Discover Critics" description="Find critics whose taste you trust." />;
}
