import { useQueries } from '@tanstack/react-query';

import type { Creator } from '@/lib/api/types';

import { getCreatorQueryOptions } from './get-creator';
import { useCreators } from './get-creators';
import { useMyFollows } from './get-my-follows';

/**
 * The creators the signed-in member follows, newest follow first: from the creators list where it
 * has them, else from each creator's profile (the list holds only the first creators).
 */
export function useFollowedCreators({ enabled }: { enabled: boolean }) {
  const follows = useMyFollows({ enabled });
  const creators = useCreators();
  const ids = follows.data?.creatorIds ?? [];
  const listed = new Map((creators.data ?? []).map((creator) => [creator.id, creator]));
  const missing = creators.isPending ? [] : ids.filter((id) => !listed.has(id));
  const profiles = useQueries({
    queries: missing.map((id) => ({ ...getCreatorQueryOptions(id), enabled })),
  });
  for (const profile of profiles) if (profile.data) listed.set(profile.data.id, profile.data);

  const isPending =
    enabled && (follows.isPending || creators.isPending || profiles.some((profile) => profile.isPending));
  return {
    isPending,
    creators: ids.map((id) => listed.get(id)).filter((creator): creator is Creator => Boolean(creator)),
  };
}
