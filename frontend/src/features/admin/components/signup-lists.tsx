import { formatDate } from '@/lib/format';

import { useFeedback, useWaitlist } from '../api/get-signups';
import { PagedList, useListPage } from './section-card';

/** Pre-launch waitlist addresses, newest first. */
export function WaitlistEntries() {
  const page = useListPage();
  const waitlist = useWaitlist(page.query);
  return (
    <PagedList
      title="Waitlist"
      description="Who asked to hear about the launch, newest first."
      query={waitlist}
      empty="Nobody is on the waitlist yet."
      errorText="The waitlist could not be loaded."
      page={page}
    >
      {(entries) => (
        <ul aria-label="Waitlist entries" className="divide-y divide-white/10 text-sm">
          {entries.map((entry) => (
            <li key={entry.email} className="flex justify-between gap-3 py-2">
              <span className="truncate text-fg">{entry.email}</span>
              <time dateTime={entry.createdAt} className="shrink-0 text-fg-subtle">
                {formatDate(entry.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** "Help Shape" feedback, newest first. */
export function FeedbackEntries() {
  const page = useListPage();
  const feedback = useFeedback(page.query);
  return (
    <PagedList
      title="Feedback"
      description="What visitors would like Kinora to be, newest first."
      query={feedback}
      empty="No feedback yet."
      errorText="Feedback could not be loaded."
      page={page}
    >
      {(entries) => (
        <ul aria-label="Feedback entries" className="divide-y divide-white/10 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 py-3">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold text-fg">
                  {entry.name ? `${entry.name} · ` : ''}
                  {entry.email}
                </span>
                <time dateTime={entry.createdAt} className="text-fg-subtle">
                  {formatDate(entry.createdAt)}
                </time>
              </div>
              <p className="whitespace-pre-line text-fg-muted">{entry.vision}</p>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
