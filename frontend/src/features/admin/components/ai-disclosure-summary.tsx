import type { AiDisclosure } from '@/lib/api/types';

const PART_LABELS: Record<string, string> = {
  visuals: 'Visuals',
  sound: 'Sound',
  voice: 'Voice',
  script: 'Script',
};

/** What a creator declared about generative AI in the film, as moderators check it. */
export function AiDisclosureSummary({ disclosure }: { disclosure: AiDisclosure | null }) {
  if (!disclosure) {
    return <p className="text-sm text-fg-subtle">No AI disclosure was given.</p>;
  }
  const parts = disclosure.parts.map((part) => PART_LABELS[part] ?? part);
  return (
    <dl aria-label="AI disclosure" className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">AI tools</dt>
        <dd className="text-fg">
          {disclosure.tools.length > 0 ? disclosure.tools.join(', ') : 'None named'}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Used for</dt>
        <dd className="text-fg">{parts.length > 0 ? parts.join(', ') : 'No part'}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Real people</dt>
        <dd className="text-fg">
          {disclosure.realLikeness
            ? disclosure.likenessConsent
              ? 'Shows a real person’s likeness or voice, with their consent'
              : 'Shows a real person’s likeness or voice, without stated consent'
            : 'No real person’s likeness or voice'}
        </dd>
      </div>
      {disclosure.notes ? (
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Notes</dt>
          <dd className="whitespace-pre-line text-fg-muted">{disclosure.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}
