import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { USER_COUNTS_REFRESH_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { getUserQueryOptions, useUser } from '@/features/auth/api/get-user';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { RecommendationSettingsCard } from '@/features/recommendations/components/recommendation-settings-card';
import type { User } from '@/lib/api/types';

/** /profile, with the current user, the notification list and the recommendations setting composed in. */
export default function ProfileRoute() {
  const user = useUser();
  const queryClient = useQueryClient();
  const userKey = getUserQueryOptions().queryKey;

  // Lists change elsewhere too (My List buttons): the saved-film counts are fetched fresh here.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
  }, [queryClient]);

  const onUserUpdated = useCallback(
    (updated: User) => queryClient.setQueryData(userKey, updated),
    [queryClient, userKey],
  );
  // The saved-film counts reach the current user by an event, so it is fetched again shortly after.
  const onListChanged = useCallback(() => {
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: userKey }), USER_COUNTS_REFRESH_DELAY_MS);
  }, [queryClient, userKey]);

  // The account is gone and its cookie cleared: home first, then nothing of the member is kept.
  const navigate = useNavigate();
  const onAccountDeleted = useCallback(() => {
    navigate(paths.landing);
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(userKey) });
    queryClient.setQueryData(userKey, null);
  }, [navigate, queryClient, userKey]);

  return (
    <ProfileScreen
      user={user.isPending ? undefined : (user.data ?? null)}
      onUserUpdated={onUserUpdated}
      onListChanged={onListChanged}
      notifications={<NotificationList />}
      settings={<RecommendationSettingsCard />}
      onAccountDeleted={onAccountDeleted}
    />
  );
}
