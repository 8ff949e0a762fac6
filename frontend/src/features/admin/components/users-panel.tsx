import { Ban, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { creatorPath, paths } from '@/config/paths';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { getPersonName } from '@/lib/user';
import type { AdminAccount } from '@/lib/api/types';

import { useAccounts, useChangeAccount, type AccountAction } from '../api/admin-users';
import { ListSearch, SuspendDialog } from './admin-controls';
import { PagedList, useListPage } from './section-card';

const ROLES = ['creator', 'critic'] as const;
/** As auth's GET /api/auth/users takes `q`. */
const ACCOUNT_SEARCH_MAX_LENGTH = 200;

/** Users: find an account by email or name; end its sessions, suspend it, grant or take away roles. */
export function UsersPanel() {
  const page = useListPage();
  const [q, setQ] = useState('');
  const accounts = useAccounts({ ...(q ? { q } : {}), ...page.query });
  const [suspending, setSuspending] = useState<AdminAccount | null>(null);

  return (
    <>
      <ListSearch
        label="Search users"
        placeholder="Email or name"
        maxLength={ACCOUNT_SEARCH_MAX_LENGTH}
        onSearch={(text) => {
          setQ(text);
          page.setOffset(0);
        }}
      />
      <PagedList
        title="Users"
        description="Every account, newest sign-ups first. Admins are set by the ADMIN_EMAILS setting, not here, and cannot be suspended from this screen."
        query={accounts}
        empty="No users match."
        errorText="Users could not be loaded."
        page={page}
      >
        {(items) => (
          <ul aria-label="Users" className="divide-y divide-white/10">
            {items.map((account) => (
              <UserRow key={account.id} account={account} onSuspend={() => setSuspending(account)} />
            ))}
          </ul>
        )}
      </PagedList>
      {suspending ? <SuspendAccount account={suspending} onClose={() => setSuspending(null)} /> : null}
    </>
  );
}

function UserRow({ account, onSuspend }: { account: AdminAccount; onSuspend: () => void }) {
  const change = useChangeAccount();
  const name = getPersonName(account, account.email);
  const userId = account.id;
  const act = (action: AccountAction) => change.mutate(action);

  return (
    <li aria-label={account.email} className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-fg">{name}</span>
        {name !== account.email ? <span className="text-sm text-fg-muted">{account.email}</span> : null}
        {account.isAdmin ? (
          <span className="inline-flex items-center gap-1 text-xs font-bold text-accent">
            <ShieldCheck className="size-4" aria-hidden="true" />
            Admin
          </span>
        ) : null}
        {account.roles.map((role) => (
          <span key={role} className="rounded-full bg-white/10 px-2 py-0.5 text-xs text-fg-muted capitalize">
            {role}
          </span>
        ))}
        {account.suspendedAt ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-bold text-red-300">
            <Ban className="size-3" aria-hidden="true" />
            Suspended
          </span>
        ) : null}
      </div>
      <p className="text-xs text-fg-subtle">
        Signed up {formatDate(account.createdAt)} · last seen{' '}
        {account.lastSeenAt ? formatRelativeTime(account.lastSeenAt) : 'never'} ·{' '}
        {account.openSessions === 1 ? '1 open session' : `${account.openSessions} open sessions`}
        {account.creatorId !== null ? (
          <>
            {' · '}
            <Link to={creatorPath(account.creatorId)} className="text-accent hover:underline">
              Creator profile
            </Link>
          </>
        ) : null}
        {account.criticId !== null ? (
          <>
            {' · '}
            <Link to={paths.discoverCritics} className="text-accent hover:underline">
              Critic profile
            </Link>
          </>
        ) : null}
      </p>
      {account.suspendedAt && account.suspensionReason ? (
        <p className="text-sm text-fg-muted">Suspended: {account.suspensionReason}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-label={`End every session of ${account.email}`}
          disabled={change.isPending || account.openSessions === 0}
          onClick={() => act({ userId, kind: 'end-sessions' })}
        >
          End sessions
        </Button>
        {account.isAdmin ? null : (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${account.suspendedAt ? 'Unsuspend' : 'Suspend'} ${account.email}`}
            disabled={change.isPending}
            onClick={() => (account.suspendedAt ? act({ userId, kind: 'unsuspend' }) : onSuspend())}
          >
            {account.suspendedAt ? 'Unsuspend' : 'Suspend'}
          </Button>
        )}
        {ROLES.map((role) => {
          const held = account.roles.includes(role);
          return (
            <Button
              key={role}
              size="sm"
              variant="outline"
              aria-label={`${held ? 'Revoke' : 'Grant'} the ${role} role of ${account.email}`}
              disabled={change.isPending}
              onClick={() => act({ userId, kind: held ? 'revoke' : 'grant', role })}
            >
              {held ? `Revoke ${role}` : `Grant ${role}`}
            </Button>
          );
        })}
      </div>
    </li>
  );
}

function SuspendAccount({ account, onClose }: { account: AdminAccount; onClose: () => void }) {
  const change = useChangeAccount();
  return (
    <SuspendDialog
      title={`Suspend ${account.email}`}
      description="They are signed out everywhere at once, cannot sign in until the suspension is lifted, and are mailed the reason. Their reviews and lists stay as they are."
      hint="Required: it is mailed to them and kept in the audit log."
      submitLabel="Suspend user"
      busy={change.isPending}
      onSubmit={(reason) =>
        change.mutate({ userId: account.id, kind: 'suspend', reason }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
