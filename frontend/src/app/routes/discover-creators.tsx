import { DiscoverCreators } from '@/features/creators/components/discover-creators';

/** /discover-creators. */
export default function DiscoverCreatorsRoute() {
  return <DiscoverCreators />;
}
