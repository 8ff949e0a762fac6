import { useUser } from '@/features/auth/api/get-user';
import { DiscoverCritics } from '@/features/critics/components/discover-critics';

export default function DiscoverCriticsRoute() {
  const user = useUser().data ?? null;
  return (
    <>
      <title>Discover Critics · Kinora</title>
      <DiscoverCritics signedIn={user !== null} />
    </>
  );
}
