import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function DiscoverCreatorsRoute() {
  return (
    <PagePlaceholder
      title="Discover Creators"
      description="Meet the independent creators behind Kinora's films."
    />
  );
}
