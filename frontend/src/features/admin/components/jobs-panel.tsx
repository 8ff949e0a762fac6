import { ExternalLink } from 'lucide-react';

import { SectionCard } from './section-card';

/** bull-board's page, served by admin through the gateway (admins only). */
export const JOBS_BOARD_URL = '/api/admin/jobs/';

/** The Jobs tab: what the jobs view shows, and a link that opens it. */
export function JobsPanel() {
  return (
    <SectionCard
      title="Background jobs"
      description="Transcodes, captions, ad creatives and analytics rollups: each queue's waiting, active, failed and delayed jobs, a failed job's reason, and retry."
    >
      <a
        href={JOBS_BOARD_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Open the jobs view
        <ExternalLink className="size-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </SectionCard>
  );
}
