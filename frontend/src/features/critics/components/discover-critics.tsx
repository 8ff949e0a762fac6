import { BadgeCheck, ExternalLink, PenLine } from 'lucide-react';

import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { formatFollowers } from '@/lib/format';
import { getPersonInitials, getPersonName } from '@/lib/user';
import type { Critic } from '@/lib/api/types';

import { useFollowedCritics } from '../api/critic-follows';
import { useCritics } from '../api/get-critics';
import { criticLinks } from '../utils/critic-links';
import { CriticFollowButton } from './critic-follow-button';

type DiscoverCriticsProps = {
  /** Whether someone is signed in (visitors' Follow goes to /auth). */
  signedIn: boolean;
  /** The signed-in critic's own id, whose card has no Follow button. */
  ownCriticId?: number | null;
};

/** /discover-critics: every critic (verified first) with bio, expertise, links and a real follow. */
export function DiscoverCritics({ signedIn, ownCriticId = null }: DiscoverCriticsProps) {
  const critics = useCritics();
  const followed = useFollowedCritics(signedIn);
  const followedIds = new Set(followed.data ?? []);

  return (
    <div className="mx-auto w-full max-w-screen-xl flex-1 px-4 py-12 md:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-fg md:text-4xl">Discover Critics</h1>
      <p className="mt-2 text-fg-muted">Follow the critics whose taste you trust.</p>
      <div className="mt-8">
        {critics.isPending ? (
          <SkeletonList
            label="Loading critics"
            count={6}
            className="grid gap-5 md:grid-cols-2 lg:grid-cols-3"
            itemClassName="h-56 rounded-2xl"
          />
        ) : critics.isError || critics.data.length === 0 ? (
          <EmptyState icon={PenLine} title="No critics found" hint="Critics join Kinora by invitation." />
        ) : (
          <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {critics.data.map((critic) => (
              <li key={critic.id}>
                <CriticCard
                  critic={critic}
                  following={followedIds.has(critic.id)}
                  signedIn={signedIn}
                  own={critic.id === ownCriticId}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function CriticCard({
  critic,
  following,
  signedIn,
  own,
}: {
  critic: Critic;
  following: boolean;
  signedIn: boolean;
  own: boolean;
}) {
  const name = getPersonName(critic.user, 'Kinora Critic');
  return (
    <article
      aria-label={name}
      className="flex h-full flex-col rounded-2xl border border-white/10 bg-white/[0.03] p-5"
    >
      <div className="flex items-center gap-4">
        <Avatar
          src={critic.user.profileImageUrl}
          initials={getPersonInitials(critic.user)}
          size="size-16 text-xl"
        />
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-1.5 font-semibold text-fg">
            <span className="truncate">{name}</span>
            {critic.isVerified ? (
              <BadgeCheck className="size-5 shrink-0 text-accent" aria-label="Verified critic" role="img" />
            ) : null}
          </h2>
          <p className="text-xs text-fg-subtle">
            {formatFollowers(critic._count.followers)} · {critic.reviewCount}{' '}
            {critic.reviewCount === 1 ? 'review' : 'reviews'}
          </p>
        </div>
        <CriticFollowButton criticId={critic.id} following={following} signedIn={signedIn} hidden={own} />
      </div>
      <p className="mt-4 line-clamp-4 text-sm text-fg-muted">{critic.bio}</p>
      {critic.expertise.length > 0 ? (
        <ul aria-label="Expertise" className="mt-4 flex flex-wrap gap-1.5">
          {critic.expertise.map((genre) => (
            <li key={genre} className="rounded-full bg-white/5 px-2.5 py-0.5 text-xs text-fg-muted">
              {genre}
            </li>
          ))}
        </ul>
      ) : null}
      {criticLinks(critic).length > 0 ? (
        <div className="mt-auto flex flex-wrap gap-3 pt-4">
          {criticLinks(critic).map((link) => (
            <a
              key={link.label}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-xs font-medium text-fg-muted hover:text-accent"
            >
              <ExternalLink className="size-3.5" aria-hidden="true" />
              {link.label}
            </a>
          ))}
        </div>
      ) : null}
    </article>
  );
}
