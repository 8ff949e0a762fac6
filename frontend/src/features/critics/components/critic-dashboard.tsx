import { Award, Film, MessageSquareText, Star, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { SkeletonList } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';

import { useCriticDashboard } from '../api/get-critic-dashboard';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** /critic-dashboard: the signed-in critic's stats (with the impact score) and Recent Reviews. */
export function CriticDashboard() {
  const navigate = useNavigate();
  const dashboard = useCriticDashboard();

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg">Critic Dashboard</h1>
          <p className="mt-1 text-fg-muted">Your reviews, your readers and your impact.</p>
        </div>
        <Button onClick={() => navigate(paths.browse)}>
          <Film className="size-4" aria-hidden="true" />
          Review Films
        </Button>
      </div>

      {dashboard.isPending ? (
        <SkeletonList
          label="Loading dashboard"
          count={4}
          className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          itemClassName="h-28 rounded-2xl"
        />
      ) : dashboard.isError ? (
        <div
          role="alert"
          className="mt-8 rounded-2xl border border-red-500/30 bg-red-500/10 px-6 py-5 text-red-300"
        >
          <p className="font-semibold">Failed to fetch dashboard</p>
          {isApiError(dashboard.error) && dashboard.error.status === 403 ? (
            <p className="mt-1 text-sm">This dashboard belongs to invited critics.</p>
          ) : null}
        </div>
      ) : (
        <>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat
              icon={MessageSquareText}
              label="Total Reviews"
              value={String(dashboard.data.totalReviews)}
            />
            <Stat
              icon={Star}
              label="Average Rating"
              value={`${dashboard.data.averageRating.toFixed(1)}/10`}
            />
            <Stat icon={Users} label="Followers" value={String(dashboard.data.followersCount)} />
            <Stat icon={Award} label="Impact Score" value={String(dashboard.data.impactScore)} />
          </div>
          <section aria-labelledby="recent-reviews" className="mt-10">
            <h2 id="recent-reviews" className="text-xl font-bold text-fg">
              Recent Reviews
            </h2>
            {dashboard.data.recentReviews.length === 0 ? (
              <p className="mt-4 rounded-2xl border border-dashed border-white/10 px-5 py-6 text-sm text-fg-subtle">
                No reviews yet. Review a film to see it here.
              </p>
            ) : (
              <ul className="mt-4 space-y-3">
                {dashboard.data.recentReviews.map((review) => (
                  <li key={review.id} className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-semibold text-fg">{review.reviewTitle}</h3>
                      <span className="text-sm font-semibold text-accent">{review.rating}/10</span>
                    </div>
                    <p className="mt-1 text-xs text-fg-subtle">
                      {review.filmTitle ? `${review.filmTitle} · ` : ''}
                      {dateText(review.publishedAt)}
                    </p>
                    <p className="mt-2 line-clamp-3 text-sm text-fg-muted">{review.review}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
      <Icon className="size-5 text-accent" aria-hidden="true" />
      <p className="mt-3 text-2xl font-bold text-fg" aria-label={label}>
        {value}
      </p>
      <p className="text-sm text-fg-muted">{label}</p>
    </div>
  );
}
