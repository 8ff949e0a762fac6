import {
  Compass,
  Film,
  HandHeart,
  Map as MapIcon,
  MessageSquareHeart,
  Popcorn,
  Scale,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Footer } from '@/components/layout/footer';
import { FeatureCard } from '@/components/ui/feature-card';
import { Logo } from '@/components/layout/logo';
import { PosterWall } from '@/components/ui/poster-wall';
import { WAITLIST_REVEAL_DELAYS_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

import { FeedbackForm } from './feedback-form';
import { WaitlistForm } from './waitlist-form';

const HEADLINE = ['The', 'Next', 'Frame', 'of', 'Cinema'];
const HEADLINE_WORD_STAGGER_MS = 140;

const values: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: HandHeart,
    title: 'Empower Creators',
    text: 'Fair revenue sharing, visible credit and a watermark on every film. Creators own their work and get paid for it.',
  },
  {
    icon: Compass,
    title: 'Curated Human-Led Experience',
    text: 'People, not an endless feed, choose what reaches the screen. Every film is reviewed before it is published.',
  },
  {
    icon: MapIcon,
    title: 'Accessible Creative Pathways',
    text: 'Clear guidance, open onboarding and honest feedback for first-time filmmakers as much as seasoned studios.',
  },
  {
    icon: Scale,
    title: 'Ethical and Transparent Storytelling',
    text: 'Clear rules on consent, likeness and rights, and openness about how each film was made.',
  },
];

const community: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Popcorn,
    title: 'Early screenings',
    text: 'Waitlist members are first through the doors when the catalogue opens.',
  },
  {
    icon: Film,
    title: 'Meet the makers',
    text: 'Follow creators, read their notes and watch their work evolve.',
  },
  {
    icon: MessageSquareHeart,
    title: 'A say in what we build',
    text: 'Your feedback steers the features, rules and programming we launch with.',
  },
];

/** Fades a block in after the headline; shown at once when the visitor prefers reduced motion. */
function Reveal({
  delayMs,
  className,
  children,
}: {
  delayMs: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      data-reveal-delay={delayMs}
      style={{ animationDelay: `${delayMs}ms` }}
      className={cn('motion-safe:animate-reveal', className)}
    >
      {children}
    </div>
  );
}

const [firstBlockMs, secondBlockMs, thirdBlockMs] = WAITLIST_REVEAL_DELAYS_MS;

/**
 * The pre-launch teaser: an animated headline, then the tagline,
 * the waitlist form and the value cards fade in one after another; a community section and the
 * 'Help Shape' feedback form follow.
 */
export function WaitlistLanding() {
  return (
    <>
      <title>Kinora · Join the waitlist</title>
      <header className="absolute inset-x-0 top-0 z-50">
        <div className="mx-auto flex h-16 max-w-screen-2xl items-center px-4 md:px-8">
          <Link to={paths.landing} className="rounded-md" aria-label="Kinora home">
            <Logo />
          </Link>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <section className="spotlight relative isolate overflow-hidden px-4 pt-36 pb-20 md:px-8 md:pt-44">
          <PosterWall className="opacity-70" />
          <div className="relative mx-auto max-w-4xl text-center">
            <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-accent/30 bg-black/40 px-4 py-1.5 text-sm font-medium text-accent backdrop-blur motion-safe:animate-fade-up">
              <Sparkles className="size-4" aria-hidden="true" />
              Launching soon
            </p>
            <h1 className="text-5xl leading-[1.05] font-black tracking-tight text-fg sm:text-6xl md:text-8xl">
              {HEADLINE.map((word, index) => (
                <Fragment key={word}>
                  <span
                    className={cn(
                      'inline-block motion-safe:animate-rise',
                      index === HEADLINE.length - 1 && 'text-accent',
                    )}
                    style={{ animationDelay: `${200 + index * HEADLINE_WORD_STAGGER_MS}ms` }}
                  >
                    {word}
                  </span>
                  {index < HEADLINE.length - 1 ? ' ' : null}
                </Fragment>
              ))}
            </h1>

            <Reveal delayMs={firstBlockMs}>
              <p className="mx-auto mt-8 max-w-2xl text-lg text-pretty text-fg-muted md:text-2xl">
                Your home to First-Class Generative Cinema. Curated. Ethical. Independent.
              </p>
            </Reveal>

            <Reveal delayMs={secondBlockMs} className="mx-auto mt-10 max-w-xl">
              <WaitlistForm />
              <p className="mt-4 text-sm text-fg-subtle">
                Be first in line when we open the doors. One email at launch, no spam.
              </p>
            </Reveal>
          </div>
        </section>

        <Reveal delayMs={thirdBlockMs}>
          <section aria-labelledby="values-heading" className="px-4 pt-8 pb-24 md:px-8">
            <h2 id="values-heading" className="sr-only">
              What we stand for
            </h2>
            <ul className="mx-auto grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {values.map((feature) => (
                <FeatureCard key={feature.title} {...feature} size="md" />
              ))}
            </ul>
          </section>
        </Reveal>

        <section
          aria-labelledby="community-heading"
          className="border-y border-white/5 bg-surface/60 px-4 py-24 md:px-8"
        >
          <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
            <div>
              <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">Community</p>
              <h2
                id="community-heading"
                className="mt-3 text-3xl font-black tracking-tight text-balance text-fg md:text-5xl"
              >
                Built with the people who watch and make the films
              </h2>
              <p className="mt-5 text-lg leading-relaxed text-fg-muted">
                Kinora is growing around a community of independent filmmakers, critics and curious audiences.
                Join early and help set the tone for a new kind of cinema: bold, fair and made with care.
              </p>
            </div>
            <ul className="space-y-4">
              {community.map(({ icon: Icon, title, text }) => (
                <li
                  key={title}
                  className="flex gap-4 rounded-2xl border border-white/10 bg-black/30 p-5 transition-colors hover:border-white/20"
                >
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/5 text-accent">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-fg">{title}</h3>
                    <p className="mt-1 text-sm text-fg-muted">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="feedback-heading" className="px-4 py-24 md:px-8">
          <div className="mx-auto max-w-3xl">
            <div className="text-center">
              <h2 id="feedback-heading" className="text-3xl font-black tracking-tight text-fg md:text-5xl">
                Help Shape Kinora
              </h2>
              <p className="mx-auto mt-4 max-w-xl text-lg text-fg-muted">
                What should the home of generative cinema feel like? Tell us what you would love to watch,
                make or change.
              </p>
            </div>
            <div className="mt-10 rounded-3xl border border-white/10 bg-surface/80 p-6 shadow-2xl shadow-black/50 sm:p-10">
              <FeedbackForm />
            </div>
          </div>
        </section>
      </main>

      <Footer />
    </>
  );
}
