import { Bot, ShieldCheck, UserRound } from 'lucide-react';

import type { AiDisclosure } from '@/lib/api/types';

const PART_LABELS: Record<AiDisclosure['parts'][number], string> = {
  visuals: 'Visuals',
  sound: 'Sound & music',
  voice: 'Voice',
  script: 'Script',
};

/** What generative AI made in the film, with which tools, and whether real people appear (with consent). */
export function AiDisclosurePanel({ disclosure }: { disclosure: AiDisclosure }) {
  const parts = disclosure.parts.map((part) => PART_LABELS[part]);
  return (
    <div className="space-y-3 text-sm">
      <div className="flex items-start gap-3">
        <Bot className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-fg-muted">
          {parts.length > 0 ? (
            <>
              <span className="font-semibold text-fg">Made with AI: </span>
              {parts.join(', ')}
            </>
          ) : (
            'The creator declares no part of this film as AI-generated.'
          )}
        </p>
      </div>
      {disclosure.tools.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1.5 pl-7">
          <span className="sr-only">Tools used:</span>
          <ul aria-label="AI tools used" className="flex flex-wrap gap-1.5">
            {disclosure.tools.map((tool) => (
              <li
                key={tool}
                className="rounded-full border border-white/15 bg-white/5 px-2.5 py-0.5 text-xs text-fg"
              >
                {tool}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex items-start gap-3">
        {disclosure.realLikeness ? (
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden="true" />
        ) : (
          <UserRound className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
        )}
        <p className="text-fg-muted" data-testid="ai-likeness">
          {disclosure.realLikeness
            ? disclosure.likenessConsent
              ? "Real people's likeness or voices appear, with their consent."
              : "Real people's likeness or voices appear; consent is not confirmed."
            : "No real person's likeness or voice appears."}
        </p>
      </div>
      {disclosure.notes ? (
        <p className="border-l-2 border-white/10 pl-3 text-fg-muted">{disclosure.notes}</p>
      ) : null}
    </div>
  );
}
