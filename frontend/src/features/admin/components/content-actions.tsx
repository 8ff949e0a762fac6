import { ShieldCheck, UserCog, Users } from 'lucide-react';
import type { ComponentType } from 'react';

import { SectionCard } from './section-card';

/** Where the Content tab's actions lead: another tab, or the moderation queues on this one. */
export type ContentActionTarget = 'creators' | 'users' | 'moderation';

const ACTIONS: {
  target: ContentActionTarget;
  label: string;
  description: string;
  icon: ComponentType<{ className?: string }>;
}[] = [
  {
    target: 'creators',
    label: 'Manage Creators',
    description: 'Verify, suspend and find creators.',
    icon: Users,
  },
  {
    target: 'users',
    label: 'User Management',
    description: 'Find accounts, end sessions, suspend, grant roles.',
    icon: UserCog,
  },
  {
    target: 'moderation',
    label: 'Content Moderation',
    description: 'The review queue and the open reports, below.',
    icon: ShieldCheck,
  },
];

/** The Content tab's actions, each leading to the screen that does it. */
export function ContentActions({ onOpen }: { onOpen: (target: ContentActionTarget) => void }) {
  return (
    <SectionCard title="Content actions" description="Run the platform: creators, users and what is on it.">
      <ul className="grid gap-3 sm:grid-cols-3">
        {ACTIONS.map(({ target, label, description, icon: Icon }) => (
          <li key={target}>
            <button
              type="button"
              onClick={() => onOpen(target)}
              className="flex h-full w-full items-start gap-3 rounded-xl border border-white/10 bg-white/[0.02] p-4 text-left transition-colors hover:border-accent/60 focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
            >
              <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-fg">{label}</span>
                <span className="block text-sm text-fg-muted">{description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
