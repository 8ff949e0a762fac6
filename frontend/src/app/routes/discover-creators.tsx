import { DiscoverCreators } from '@/features/creators/components/discover-creators';

/** /discover-creators (SPEC §2). */
export default function DiscoverCreatorsRoute() {
  return <DiscoverCreators />;
}
