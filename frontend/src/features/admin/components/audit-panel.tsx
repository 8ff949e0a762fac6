import { AUDIT_ACTIONS } from '@kinora/contracts';
import { useState } from 'react';

import { FilterSelect } from '@/components/ui/form';
import { formatRelativeTime } from '@/lib/format';
import { getPersonName } from '@/lib/user';
import type { AuditAction, AuditEntry } from '@/lib/api/types';

import { useAuditLog } from '../api/audit-log';
import { PagedList, useListPage } from './section-card';

const TARGET_TYPES = [
  'user',
  'creator',
  'film',
  'report',
  'campaign',
  'advertiser',
  'creative',
  'invitation',
];

/** "user.sessions-ended" → "User sessions ended". */
const actionLabel = (action: string) => {
  const text = action.replace(/[.-]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Audit log: every admin action, newest first, filtered by what was done and to what. */
export function AuditPanel() {
  const page = useListPage();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [targetType, setTargetType] = useState('');
  const log = useAuditLog({
    ...(action ? { action } : {}),
    ...(targetType ? { targetType } : {}),
    ...page.query,
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      page.setOffset(0);
    };

  return (
    <>
      <div className="flex flex-wrap gap-3">
        <FilterSelect
          label="Action"
          value={action}
          onChange={filter((value) => setAction(value as AuditAction | ''))}
          options={[
            { value: '', label: 'Every action' },
            ...AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) })),
          ]}
        />
        <FilterSelect
          label="Target"
          value={targetType}
          onChange={filter(setTargetType)}
          options={[
            { value: '', label: 'Anything' },
            ...TARGET_TYPES.map((value) => ({ value, label: actionLabel(value) })),
          ]}
        />
      </div>
      <PagedList
        title="Audit log"
        description="Who did what to what, when and why: every admin action, and members' exports and deletions of their own accounts. Entries are never changed or removed."
        query={log}
        empty="Nothing recorded matches."
        errorText="The audit log could not be loaded."
        page={page}
      >
        {(entries) => (
          <ol aria-label="Audit log" className="divide-y divide-white/10">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </PagedList>
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const actor = entry.actor
    ? getPersonName(entry.actor, entry.actor.email ?? entry.actor.id)
    : 'The platform';
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm">
      <div className="min-w-0">
        <p className="text-fg">
          <span className="font-semibold">{actionLabel(entry.action)}</span>: {entry.target.type}{' '}
          {entry.target.label || entry.target.id}
        </p>
        <p className="text-fg-muted">
          by {actor}
          {entry.reason ? ` · reason: ${entry.reason}` : ''}
        </p>
      </div>
      <time
        dateTime={entry.at}
        title={new Date(entry.at).toLocaleString()}
        className="shrink-0 text-xs text-fg-subtle"
      >
        {formatRelativeTime(entry.at)}
      </time>
    </li>
  );
}
