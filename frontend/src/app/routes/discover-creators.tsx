import { useUser } from '@/features/auth/api/get-user';
import { DiscoverCreators } from '@/features/creators/components/discover-creators';

/** /discover-creators. */
export default function DiscoverCreatorsRoute() {
  const user = useUser();
  return (
    <DiscoverCreators
      viewerId={user.data?.id ?? null}
      signedIn={user.isPending ? null : Boolean(user.data)}
    />
  );
}
