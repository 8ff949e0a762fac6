import { Award, Bell, Clapperboard, Crown, Drama, Eye, Sparkles, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Button, buttonClasses } from '@/components/ui/button';
import { FeatureCard } from '@/components/ui/feature-card';
import { paths } from '@/config/paths';

export const AWARD_CATEGORIES = [
  {
    title: 'Best Film',
    icon: Trophy,
    text: 'The film of the year: vision, craft and story working as one.',
  },
  {
    title: 'Best Visual Innovation',
    icon: Sparkles,
    text: 'Images nobody had seen before, made with generative tools used in new ways.',
  },
  {
    title: 'Best Narrative',
    icon: Drama,
    text: 'Storytelling that holds: characters, structure and a voice of its own.',
  },
  {
    title: 'Rising Creator',
    icon: Users,
    text: 'A creator in their first years on Kinora whose work already stands out.',
  },
  {
    title: 'Best Genre Film',
    icon: Clapperboard,
    text: 'Thriller, horror, sci-fi, comedy or romance: the best film made within a genre.',
  },
  {
    title: 'Audience Choice',
    icon: Eye,
    text: 'Chosen by the Kinora community, the viewers who watch and review.',
  },
] as const;

const CATEGORIES_ID = 'award-categories';

/**
 * /awards: the six categories, the ceremony notice and the Hall of Fame. `notify` is the
 * Get Notified control for members (another feature's); visitors are sent to sign in instead.
 */
export function AwardsPage({ notify }: { notify?: ReactNode }) {
  const showCategories = () =>
    document.getElementById(CATEGORIES_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <article className="flex-1">
      <title>Awards · Kinora</title>
      <header className="spotlight border-b border-white/5 px-4 pt-32 pb-14 md:px-8 md:pt-40 md:pb-20">
        <div className="mx-auto max-w-6xl animate-fade-up">
          <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-[0.2em] text-accent uppercase">
            <Award className="size-4" aria-hidden="true" />
            Kinora Awards
          </p>
          <h1 className="mt-3 text-4xl font-black tracking-tight text-balance text-fg md:text-6xl">Awards</h1>
          <p className="mt-5 max-w-3xl text-lg text-pretty text-fg-muted">
            Celebrating the best of independent generative cinema, and the creators who push it forward.
          </p>

          <section
            aria-label="2024 ceremony"
            className="mt-10 max-w-3xl rounded-3xl border border-accent/30 bg-accent/10 p-6 md:p-8"
          >
            <h2 className="text-xl font-bold text-fg">The 2024 ceremony</h2>
            <p className="mt-2 text-fg-muted">
              The first Kinora Awards ceremony is coming in 2024. Submission and voting details will be
              announced soon.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              {notify ?? (
                <Link to={paths.auth} className={buttonClasses({})}>
                  <Bell className="size-4" aria-hidden="true" />
                  Get Notified
                </Link>
              )}
              <Button variant="outline" onClick={showCategories}>
                Learn More
              </Button>
            </div>
          </section>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 py-14 md:px-8 lg:py-20">
        <section id={CATEGORIES_ID} aria-labelledby={`${CATEGORIES_ID}-title`} className="scroll-mt-24">
          <h2 id={`${CATEGORIES_ID}-title`} className="text-2xl font-bold tracking-tight text-fg md:text-3xl">
            Award categories
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {AWARD_CATEGORIES.map((category) => (
              <FeatureCard
                key={category.title}
                icon={category.icon}
                title={category.title}
                text={category.text}
              />
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="hall-of-fame-title"
          className="mt-16 rounded-3xl border border-white/10 bg-surface/70 p-8 text-center md:p-12"
        >
          <Crown className="mx-auto size-10 text-accent" aria-hidden="true" />
          <h2 id="hall-of-fame-title" className="mt-4 text-2xl font-bold text-fg md:text-3xl">
            Hall of Fame
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-fg-muted">
            Every winner will be honoured here, year after year: the films and creators that shaped generative
            cinema on Kinora. The first names arrive with the 2024 ceremony.
          </p>
        </section>
      </div>
    </article>
  );
}
