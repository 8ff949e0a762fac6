import { useParams } from 'react-router-dom';

import { useUser } from '@/features/auth/api/get-user';
import { CreatorNotFound, CreatorProfile } from '@/features/creators/components/creator-profile';
import { parsePositiveId } from '@/lib/route-params';

/** /creator/{id}: a positive integer id, else 'Creator Not Found'. */
export default function CreatorRoute() {
  const id = parsePositiveId(useParams().id);
  const user = useUser();
  if (id === null) return <CreatorNotFound />;
  return (
    <CreatorProfile
      key={id}
      creatorId={id}
      viewerId={user.data?.id ?? null}
      signedIn={user.isPending ? null : Boolean(user.data)}
    />
  );
}
