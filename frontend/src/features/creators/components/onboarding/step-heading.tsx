import type { ReactNode } from 'react';

/** A link inside a step's text. */
export const inlineLink =
  'font-semibold text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent';

export function StepHeading({ title, text }: { title: string; text: ReactNode }) {
  return (
    <div className="mb-6">
      <h2 className="text-2xl font-bold tracking-tight text-fg">{title}</h2>
      <p className="mt-2 text-fg-muted">{text}</p>
    </div>
  );
}
