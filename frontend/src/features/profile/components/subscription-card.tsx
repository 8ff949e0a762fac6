import { Crown } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { FREE_PLAN_PRICE, PREMIUM_PLAN_PRICE } from '@/config/constants';
import { toast } from '@/hooks/use-toast';
import { isPremium } from '@/lib/user';
import type { User } from '@/lib/api/types';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

const notAvailable = (title: string) => () =>
  toast({ title, description: 'Subscriptions cannot be changed online yet.' });

/** The member's plan: Premium with its next billing date, or Free with the way up. */
export function SubscriptionCard({ user }: { user: User }) {
  const premium = isPremium(user);
  return (
    <section
      aria-labelledby="subscription-heading"
      className="grid gap-3 rounded-2xl border border-white/10 bg-surface p-5"
    >
      <h2 id="subscription-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
        {premium ? <Crown className="size-5 text-accent" aria-hidden="true" /> : null}
        {premium ? 'Premium Plan' : 'Free Plan'}
      </h2>
      <p className="text-2xl font-bold text-fg">{premium ? PREMIUM_PLAN_PRICE : FREE_PLAN_PRICE}</p>
      {premium ? (
        <>
          <p className="text-sm text-fg-muted">
            {user.subscriptionExpiry
              ? `Next billing date: ${dateFormat.format(new Date(user.subscriptionExpiry))}`
              : 'Next billing date: not scheduled'}
          </p>
          <Button variant="outline" onClick={notAvailable('Manage Subscription')}>
            Manage Subscription
          </Button>
        </>
      ) : (
        <Button onClick={notAvailable('Upgrade to Premium')}>Upgrade to Premium</Button>
      )}
    </section>
  );
}
