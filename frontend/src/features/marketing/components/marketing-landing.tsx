import { ArrowRight, ChevronDown, Clapperboard, HandCoins, Play, Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';

import { Footer } from '@/components/layout/footer';
import { PageMeta } from '@/components/layout/page-meta';
import { FeatureCard } from '@/components/ui/feature-card';
import { Logo } from '@/components/layout/logo';
import { Button, buttonClasses } from '@/components/ui/button';
import { PosterWall } from '@/components/ui/poster-wall';
import { NAV_GLASS_SCROLL_THRESHOLD_PX } from '@/config/constants';
import { paths } from '@/config/paths';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { cn } from '@/lib/utils';

const features = [
  {
    icon: Clapperboard,
    title: 'Original Content',
    text: 'TV shows, short films and feature films made with generative tools by independent creators from around the world, streaming nowhere else.',
  },
  {
    icon: HandCoins,
    title: 'Support Creators',
    text: 'Fair revenue sharing and a creator watermark on every film, so the people behind the work are credited and paid for it.',
  },
  {
    icon: Sparkles,
    title: 'Curated Excellence',
    text: 'Every film is reviewed by our team before it reaches the catalogue. No endless feeds of filler, just work worth your evening.',
  },
];

type MarketingLandingProps = {
  /** Signed-in visitors go straight to /home from every call to action, others to /auth. */
  isSignedIn: boolean;
};

/** The marketing landing page: its own top bar, hero, three cards, a call to action and the footer. */
export function MarketingLanding({ isSignedIn }: MarketingLandingProps) {
  const glassy = useScrolledPast(NAV_GLASS_SCROLL_THRESHOLD_PX);
  const featuresRef = useRef<HTMLElement>(null);
  const start = isSignedIn ? paths.home : paths.auth;

  const learnMore = () => {
    const section = featuresRef.current;
    if (!section) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };

  return (
    <>
      <PageMeta
        title="Kinora · Generative cinema, curated"
        description="Kinora streams generative cinema, curated: original films from independent creators worldwide, made with generative tools and chosen by people."
      />
      <header
        data-glass={glassy ? 'true' : 'false'}
        className={cn(
          'fixed inset-x-0 top-0 z-50 transition-[background-color,backdrop-filter,border-color] duration-300',
          glassy
            ? 'border-b border-white/10 bg-background/70 backdrop-blur-xl backdrop-saturate-150'
            : 'border-b border-transparent bg-gradient-to-b from-black/70 to-transparent',
        )}
      >
        <div className="mx-auto flex h-16 max-w-screen-2xl items-center justify-between gap-4 px-4 md:px-8">
          <Link to={paths.landing} className="rounded-md" aria-label="Kinora home">
            <Logo />
          </Link>
          <Link to={start} className={buttonClasses({ size: 'sm' })}>
            Get Started
          </Link>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <section className="spotlight relative isolate flex min-h-[92dvh] items-center overflow-hidden px-4 pt-32 pb-24 md:px-8">
          <PosterWall />
          <div className="relative mx-auto max-w-4xl animate-fade-up text-center">
            <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-white/10 bg-black/40 px-4 py-1.5 text-sm text-fg-muted backdrop-blur">
              <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
              Independent generative cinema
            </p>
            <h1 className="text-5xl leading-[1.05] font-black tracking-tight text-balance text-fg md:text-7xl">
              Your home to <span className="text-accent">First-Class</span> Generative Cinema
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-fg-muted md:text-xl">
              Original films and series from independent creators worldwide, made with generative tools and
              chosen by people. Curated. Ethical. Independent.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to={start} className={buttonClasses({ size: 'lg' })}>
                <Play className="size-5 fill-current" aria-hidden="true" />
                Start Exploring
              </Link>
              <Button variant="secondary" size="lg" onClick={learnMore} aria-controls="features">
                Learn More
                <ChevronDown className="size-5" aria-hidden="true" />
              </Button>
            </div>
          </div>
        </section>

        <section
          id="features"
          ref={featuresRef}
          tabIndex={-1}
          aria-labelledby="features-heading"
          className="scroll-mt-20 px-4 py-24 outline-none md:px-8"
        >
          <div className="mx-auto max-w-6xl">
            <p className="text-center text-sm font-semibold tracking-[0.2em] text-accent uppercase">
              Why Kinora
            </p>
            <h2
              id="features-heading"
              className="mt-3 text-center text-3xl font-black tracking-tight text-balance text-fg md:text-5xl"
            >
              Cinema, made differently
            </h2>
            <ul className="mt-14 grid gap-5 md:grid-cols-3">
              {features.map((feature) => (
                <FeatureCard key={feature.title} {...feature} size="lg" />
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="px-4 pb-24 md:px-8">
          <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl border border-accent/20 bg-gradient-to-br from-accent/20 via-surface to-violet-950/60 px-6 py-16 text-center md:px-16">
            <div
              aria-hidden="true"
              className="absolute -top-24 left-1/2 -z-0 h-48 w-[36rem] -translate-x-1/2 rounded-full bg-accent/20 blur-3xl"
            />
            <h2
              id="cta-heading"
              className="relative text-3xl font-black tracking-tight text-balance text-fg md:text-4xl"
            >
              Ready for your next favourite film?
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-fg-muted">
              Join free with just your email address. No password, no credit card.
            </p>
            <Link to={start} className={buttonClasses({ size: 'lg', className: 'relative mt-8' })}>
              Get Started Free
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </div>
        </section>
      </main>

      <Footer />
    </>
  );
}
