import { UserCheck, UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

import { type FollowSource, useFollowCreator } from '../api/follow-creator';
import { useMyFollows } from '../api/get-my-follows';

type FollowButtonProps = {
  creatorId: number;
  /** Signed in; null while the auth check is still loading. Visitors pressing Follow go to /auth. */
  signedIn: boolean | null;
  source: FollowSource;
  className?: string;
};

/** Follow / Following for one creator ('Loading...' while the change is pending). */
export function FollowButton({ creatorId, signedIn, source, className }: FollowButtonProps) {
  const navigate = useNavigate();
  const follows = useMyFollows({ enabled: signedIn === true });
  const followCreator = useFollowCreator();
  const following = signedIn === true && (follows.data?.creatorIds.includes(creatorId) ?? false);
  const pending = followCreator.isPending;

  const onClick = () => {
    if (!signedIn) {
      if (signedIn === false) void navigate(paths.auth);
      return;
    }
    followCreator.mutate({ creatorId, follow: !following, source });
  };

  return (
    <Button
      type="button"
      size="sm"
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      disabled={pending || signedIn === null || (signedIn && follows.isPending)}
      onClick={onClick}
      className={cn('min-w-28', className)}
    >
      {pending ? null : following ? (
        <UserCheck className="size-4" aria-hidden="true" />
      ) : (
        <UserPlus className="size-4" aria-hidden="true" />
      )}
      {pending ? 'Loading...' : following ? 'Following' : 'Follow'}
    </Button>
  );
}
