import { Film, ShieldCheck, UserCog, Users } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';

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

/** The studio's upload form with a creator picker: an admin adds a film for a creator. */
export const ADD_FILM_FOR_CREATOR_PATH = '/upload?forCreator=1';

const ACTION_CLASS =
  'flex h-full w-full items-start gap-3 rounded-xl border border-white/10 bg-white/[0.02] p-4 text-left transition-colors hover:border-accent/60 focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none';

function ActionText({
  icon: Icon,
  label,
  description,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  description: ReactNode;
}) {
  return (
    <>
      <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <span>
        <span className="block font-semibold text-fg">{label}</span>
        <span className="block text-sm text-fg-muted">{description}</span>
      </span>
    </>
  );
}

/** The Content tab's actions, each leading to the screen that does it. */
export function ContentActions({ onOpen }: { onOpen: (target: ContentActionTarget) => void }) {
  return (
    <SectionCard title="Content actions" description="Run the platform: creators, users and what is on it.">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <li>
          <Link to={ADD_FILM_FOR_CREATOR_PATH} className={ACTION_CLASS}>
            <ActionText
              icon={Film}
              label="Add New Film"
              description="Upload a film for a creator; it is reviewed like any other."
            />
          </Link>
        </li>
        {ACTIONS.map(({ target, label, description, icon }) => (
          <li key={target}>
            <button type="button" onClick={() => onOpen(target)} className={ACTION_CLASS}>
              <ActionText icon={icon} label={label} description={description} />
            </button>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
