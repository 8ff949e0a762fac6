import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

export type StaticSection = { id: string; title: string; body: ReactNode };

type StaticPageProps = {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** Shown under the intro, e.g. 'Last updated ...'. */
  meta?: ReactNode;
  sections: StaticSection[];
};

/** Typography for long-form text (no typography plugin: the few rules live here). */
export const proseClasses = cn(
  'text-base leading-relaxed text-fg-muted',
  '[&_p]:mt-4 [&_p:first-child]:mt-0',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_li]:marker:text-accent/70',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5',
  '[&_strong]:font-semibold [&_strong]:text-fg',
  '[&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-fg',
  '[&_a]:text-accent [&_a]:underline [&_a]:decoration-accent/40 [&_a]:underline-offset-2 hover:[&_a]:decoration-accent',
);

/** A value still to be decided (e.g. the governing law), marked as such rather than invented. */
export function Placeholder({ children }: { children: ReactNode }) {
  return (
    <mark className="rounded-md border border-dashed border-accent/50 bg-accent/10 px-1.5 py-0.5 font-medium text-accent">
      [{children}]
    </mark>
  );
}

/** A legal page's closing Contact section: `lead` up to the address, then the postal address. */
export function contactSection(lead: ReactNode): StaticSection {
  return {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        {lead}, <Placeholder>postal address to be confirmed</Placeholder>.
      </p>
    ),
  };
}

type StaticPageHeaderProps = Pick<StaticPageProps, 'eyebrow' | 'title' | 'intro' | 'meta'>;

/** The title band of the static pages. */
export function StaticPageHeader({ eyebrow, title, intro, meta }: StaticPageHeaderProps) {
  return (
    <header className="spotlight border-b border-white/5 px-4 pt-32 pb-14 md:px-8 md:pt-40 md:pb-20">
      <title>{`${title} · Kinora`}</title>
      <div className="mx-auto max-w-6xl animate-fade-up">
        <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-balance text-fg md:text-6xl">{title}</h1>
        <div className="mt-5 max-w-3xl text-lg text-pretty text-fg-muted">{intro}</div>
        {meta ? <p className="mt-5 text-sm text-fg-subtle">{meta}</p> : null}
      </div>
    </header>
  );
}

/** Legal and information pages: a title band, a contents list and numbered sections. */
export function StaticPage({ sections, ...header }: StaticPageProps) {
  return (
    <article className="flex-1">
      <StaticPageHeader {...header} />

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 md:px-8 lg:grid-cols-[15rem_1fr] lg:py-20">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="mb-3 text-xs font-semibold tracking-[0.14em] text-fg uppercase">On this page</p>
            <ol className="space-y-1 border-l border-white/10 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-fg-subtle transition-colors hover:border-accent hover:text-fg"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="min-w-0 max-w-3xl space-y-12">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="flex gap-3 text-2xl font-bold tracking-tight text-fg">
                <span className="text-accent tabular-nums" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                {section.title}
              </h2>
              <div className={cn('mt-4', proseClasses)}>{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** A legal page (terms, privacy): the same band, its effective date still to be set. */
export function LegalPage(props: Pick<StaticPageProps, 'title' | 'intro' | 'sections'>) {
  return (
    <StaticPage
      eyebrow="Legal"
      meta={
        <>
          Effective date: <Placeholder>to be confirmed at launch</Placeholder>
        </>
      }
      {...props}
    />
  );
}
