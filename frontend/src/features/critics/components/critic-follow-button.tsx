import { UserCheck, UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { useSetCriticFollow } from '../api/critic-follows';

type CriticFollowButtonProps = {
  criticId: number;
  following: boolean;
  /** Visitors are sent to /auth instead. */
  signedIn: boolean;
  /** The critic's own card shows no button. */
  hidden?: boolean;
};

/** Follow / Following, 'Loading...' while the call is pending. */
export function CriticFollowButton({ criticId, following, signedIn, hidden }: CriticFollowButtonProps) {
  const navigate = useNavigate();
  const setFollow = useSetCriticFollow();
  if (hidden) return null;

  const onClick = () => {
    if (!signedIn) {
      navigate(paths.auth);
      return;
    }
    setFollow.mutate({ criticId, follow: !following });
  };

  return (
    <Button
      size="sm"
      variant={following ? 'secondary' : 'primary'}
      onClick={onClick}
      disabled={setFollow.isPending}
    >
      {following ? (
        <UserCheck className="size-4" aria-hidden="true" />
      ) : (
        <UserPlus className="size-4" aria-hidden="true" />
      )}
      {setFollow.isPending ? 'Loading...' : following ? 'Following' : 'Follow'}
    </Button>
  );
}
