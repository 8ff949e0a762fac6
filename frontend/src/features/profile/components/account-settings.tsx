import { Bell, CreditCard, Globe, UserPen } from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import type { User } from '@/lib/api/types';

import { EditProfileForm } from './edit-profile-form';

type Panel = 'edit' | 'notifications' | null;

type AccountSettingsProps = {
  user: User;
  onUserUpdated: (user: User) => void;
  /** The member's notification list, shown by the Notifications button. */
  notifications?: ReactNode;
};

const notAvailable = (title: string) => () => toast({ title, description: 'This is not available yet.' });

/** Edit Profile and Notifications open their panels; billing and language say they are not there yet. */
export function AccountSettings({ user, onUserUpdated, notifications }: AccountSettingsProps) {
  const [panel, setPanel] = useState<Panel>(null);
  const toggle = (next: Exclude<Panel, null>) => setPanel(panel === next ? null : next);

  return (
    <section aria-labelledby="account-settings-heading" className="grid gap-4">
      <h2 id="account-settings-heading" className="text-xl font-semibold text-fg">
        Account Settings
      </h2>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" aria-expanded={panel === 'edit'} onClick={() => toggle('edit')}>
          <UserPen className="size-4" aria-hidden="true" /> Edit Profile
        </Button>
        <Button variant="outline" onClick={notAvailable('Billing & Subscription')}>
          <CreditCard className="size-4" aria-hidden="true" /> Billing & Subscription
        </Button>
        <Button
          variant="outline"
          aria-expanded={panel === 'notifications'}
          onClick={() => toggle('notifications')}
        >
          <Bell className="size-4" aria-hidden="true" /> Notifications
        </Button>
        <Button variant="outline" onClick={notAvailable('Language & Region')}>
          <Globe className="size-4" aria-hidden="true" /> Language & Region
        </Button>
      </div>
      {panel === 'edit' ? (
        <EditProfileForm
          user={user}
          onCancel={() => setPanel(null)}
          onSaved={(saved) => {
            onUserUpdated(saved);
            setPanel(null);
          }}
        />
      ) : null}
      {panel === 'notifications' ? (
        <div className="overflow-hidden rounded-xl border border-white/10 bg-surface">{notifications}</div>
      ) : null}
    </section>
  );
}
