import { useUser } from '@/features/auth/api/get-user';
import { useEmptyContinueWatching } from '@/features/lists/api/get-list';
import { WatchHistoryScreen } from '@/features/watch-history/components/watch-history-screen';

/** /history, with Continue Watching (the lists feature's) emptied when the history is cleared. */
export default function HistoryRoute() {
  const user = useUser();
  const emptyContinueWatching = useEmptyContinueWatching();
  return (
    <>
      <title>Watch History · Kinora</title>
      <WatchHistoryScreen
        user={user.isPending ? undefined : (user.data ?? null)}
        onCleared={emptyContinueWatching}
      />
    </>
  );
}
