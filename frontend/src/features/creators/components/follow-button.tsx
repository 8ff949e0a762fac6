import { UserPlus } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Following creators arrives with the social features: until then the button is shown, disabled. */
export function FollowButton({ className }: { className?: string }) {
  return (
    <span title="Coming soon" className={cn('inline-flex', className)}>
      <Button size="sm" variant="secondary" disabled title="Coming soon" className="w-full">
        <UserPlus className="size-4" aria-hidden="true" />
        Follow
      </Button>
    </span>
  );
}
