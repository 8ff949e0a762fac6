import { CREATOR_SEARCH_MAX_LENGTH } from '@kinora/contracts';
import { BadgeCheck, Ban } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { creatorPath } from '@/config/paths';
import { formatFilmCount, formatFollowers } from '@/lib/format';
import { getInitials, getPersonName } from '@/lib/user';
import type { AdminCreator, AdminCreatorsQuery } from '@/lib/api/types';

import { useAdminCreators, useChangeCreator } from '../api/admin-creators';
import { ListSearch, SuspendDialog } from './admin-controls';
import { PagedList, useListPage } from './section-card';

type Standing = 'all' | 'verified' | 'unverified' | 'suspended';

const STANDINGS: { value: Standing; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Not verified' },
  { value: 'suspended', label: 'Suspended' },
];

const STANDING_QUERY: Record<Standing, Pick<AdminCreatorsQuery, 'verified' | 'suspended'>> = {
  all: {},
  verified: { verified: 'true' },
  unverified: { verified: 'false' },
  suspended: { suspended: 'true' },
};

/** Creators: every creator with films, followers and standing; verify, suspend and undo either. */
export function CreatorsPanel() {
  const page = useListPage();
  const [q, setQ] = useState('');
  const [standing, setStanding] = useState<Standing>('all');
  const creators = useAdminCreators({ ...(q ? { q } : {}), ...STANDING_QUERY[standing], ...page.query });
  const [suspending, setSuspending] = useState<AdminCreator | null>(null);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListSearch
          label="Search creators"
          placeholder="Name or email"
          maxLength={CREATOR_SEARCH_MAX_LENGTH}
          onSearch={(text) => {
            setQ(text);
            page.setOffset(0);
          }}
        />
        <SegmentedControl
          label="Show creators"
          options={STANDINGS}
          value={standing}
          onChange={(value) => {
            setStanding(value);
            page.setOffset(0);
          }}
        />
      </div>
      <PagedList
        title="Creators"
        description="Every creator, newest first. Suspending one takes their profile and films off every public page until it is lifted."
        query={creators}
        empty="No creators match."
        errorText="Creators could not be loaded."
        page={page}
      >
        {(items) => (
          <ul aria-label="Creators" className="divide-y divide-white/10">
            {items.map((creator) => (
              <CreatorRow key={creator.id} creator={creator} onSuspend={() => setSuspending(creator)} />
            ))}
          </ul>
        )}
      </PagedList>
      {suspending ? <SuspendCreator creator={suspending} onClose={() => setSuspending(null)} /> : null}
    </>
  );
}

function CreatorRow({ creator, onSuspend }: { creator: AdminCreator; onSuspend: () => void }) {
  const change = useChangeCreator();
  const name = getPersonName(creator.user, creator.user.email ?? `Creator ${creator.id}`);
  const act = (kind: 'verify' | 'unverify' | 'unsuspend') => change.mutate({ creatorId: creator.id, kind });

  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-4 py-4 first:pt-0 last:pb-0">
      <Avatar
        src={creator.user.profileImageUrl}
        initials={getInitials({ ...creator.user, email: creator.user.email ?? '' })}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={creatorPath(creator.id)} className="font-semibold text-fg hover:underline">
            {name}
          </Link>
          {creator.isVerified ? (
            <span className="inline-flex items-center gap-1 text-xs font-bold text-accent">
              <BadgeCheck className="size-4" aria-hidden="true" />
              Verified
            </span>
          ) : null}
          {creator.isSuspended ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-bold text-red-300">
              <Ban className="size-3" aria-hidden="true" />
              Suspended
            </span>
          ) : null}
        </div>
        <p className="text-xs text-fg-subtle">
          {creator.user.email ?? 'No address known'} · {formatFilmCount(creator._count.films)} ·{' '}
          {formatFollowers(creator._count.followers)}
        </p>
        {creator.isSuspended && creator.suspensionReason ? (
          <p className="text-sm text-fg-muted">Reason: {creator.suspensionReason}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={creator.isVerified ? 'outline' : 'primary'}
          aria-label={`${creator.isVerified ? 'Unverify' : 'Verify'} ${name}`}
          disabled={change.isPending}
          onClick={() => act(creator.isVerified ? 'unverify' : 'verify')}
        >
          {creator.isVerified ? 'Unverify' : 'Verify'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`${creator.isSuspended ? 'Unsuspend' : 'Suspend'} ${name}`}
          disabled={change.isPending}
          onClick={() => (creator.isSuspended ? act('unsuspend') : onSuspend())}
        >
          {creator.isSuspended ? 'Unsuspend' : 'Suspend'}
        </Button>
      </div>
    </li>
  );
}

function SuspendCreator({ creator, onClose }: { creator: AdminCreator; onClose: () => void }) {
  const change = useChangeCreator();
  const name = getPersonName(creator.user, creator.user.email ?? `Creator ${creator.id}`);
  return (
    <SuspendDialog
      title={`Suspend ${name}`}
      description="Their profile and films leave every public list and page until the suspension is lifted; nothing of theirs is deleted."
      hint="A reason is required; it is kept with the suspension and in the audit log."
      submitLabel="Suspend creator"
      busy={change.isPending}
      onSubmit={(reason) =>
        change.mutate({ creatorId: creator.id, kind: 'suspend', reason }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
