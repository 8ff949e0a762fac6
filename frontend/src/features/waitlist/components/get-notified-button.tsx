import { Bell } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { isApiError } from '@/lib/api-client';

import { getWaitlistErrorMessage, useJoinWaitlist } from '../api/join-waitlist';

/**
 * Get Notified for a signed-in member: puts their address on the waitlist, the list our
 * announcements are mailed to. Success and failure are toasts with the waitlist's own texts.
 */
export function GetNotifiedButton({ email }: { email: string }) {
  const join = useJoinWaitlist();

  const notify = () =>
    join.mutate(
      { email },
      {
        onSuccess: () => toast({ title: "Thanks! You're on the waitlist.", description: email }),
        onError: (error) =>
          toast({
            title: getWaitlistErrorMessage(error),
            variant: isApiError(error) && error.status === 409 ? 'default' : 'destructive',
          }),
      },
    );

  return (
    <Button onClick={notify} disabled={join.isPending}>
      <Bell className="size-4" aria-hidden="true" />
      {join.isPending ? 'Joining...' : 'Get Notified'}
    </Button>
  );
}
