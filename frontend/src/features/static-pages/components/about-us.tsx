import { ArrowRight, Compass, HandCoins, ShieldCheck, Wand2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

import { proseClasses, StaticPageHeader } from './static-page';

const principles = [
  {
    icon: Compass,
    title: 'Curated',
    text: 'Every film is watched and reviewed by people before it is published. We would rather show you fifty remarkable films than fifty thousand forgettable ones.',
  },
  {
    icon: ShieldCheck,
    title: 'Ethical',
    text: 'Clear rules on consent, likeness and rights. Avatars of real people need their approval, third-party assets need a licence, and creators tell you how their film was made.',
  },
  {
    icon: HandCoins,
    title: 'Independent',
    text: 'No studio gatekeepers. Creators keep ownership of their work, earn a fair share of revenue and carry a watermark that keeps their name on every frame.',
  },
];

/** About Us. */
export function AboutUs() {
  return (
    <article className="flex-1">
      <StaticPageHeader
        eyebrow="About Kinora"
        title="About Us"
        intro="Kinora is the home of first-class generative cinema: a streaming service and community for independent films and series made with AI-assisted filmmaking tools, and for the people who love them."
      />

      <section aria-labelledby="story-heading" className="px-4 py-16 md:px-8 md:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-accent/10 text-accent ring-1 ring-accent/30">
              <Wand2 className="size-6" aria-hidden="true" />
            </span>
            <h2
              id="story-heading"
              className="mt-5 text-3xl font-black tracking-tight text-balance text-fg md:text-4xl"
            >
              A new kind of filmmaker deserves a new kind of screen
            </h2>
          </div>
          <div className={proseClasses}>
            <p>
              AI-assisted filmmaking tools have put image generation, virtual cinematography, synthetic
              performance and sound design within reach of a single person with a story to tell. Shorts,
              series and features that once needed a studio are now being made in bedrooms, classrooms and
              small collectives all over the world.
            </p>
            <p>
              What those filmmakers have lacked is a place built for them: somewhere their work is presented
              with care, credited properly and paid for fairly, instead of being lost in an endless feed.
              Kinora is that place. We pair a carefully reviewed catalogue with tools that connect creators,
              critics and audiences directly.
            </p>
            <p>
              We believe the tools are only the beginning. The vision, taste and craft still come from people,
              and that is what we celebrate.
            </p>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="principles-heading"
        className="border-y border-white/5 bg-surface/60 px-4 py-16 md:px-8 md:py-24"
      >
        <div className="mx-auto max-w-6xl">
          <h2 id="principles-heading" className="text-3xl font-black tracking-tight text-fg md:text-4xl">
            What we stand for
          </h2>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {principles.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-3xl border border-white/10 bg-black/30 p-7">
                <Icon className="size-7 text-accent" aria-hidden="true" />
                <h3 className="mt-5 text-xl font-bold text-fg">{title}</h3>
                <p className="mt-3 leading-relaxed text-fg-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="audiences-heading" className="px-4 py-16 md:px-8 md:py-24">
        <div className="mx-auto max-w-6xl">
          <h2 id="audiences-heading" className="sr-only">
            Who Kinora is for
          </h2>
          <div className="grid gap-5 md:grid-cols-2">
            <div className="rounded-3xl border border-white/10 bg-gradient-to-br from-white/[0.07] to-transparent p-8">
              <h3 className="text-2xl font-bold text-fg">For viewers</h3>
              <div className={cn(proseClasses, 'mt-4')}>
                <ul>
                  <li>Stream films and series you will not find anywhere else.</li>
                  <li>Keep a personal list, rate and review what you watch.</li>
                  <li>Follow the creators and critics whose taste you trust.</li>
                </ul>
              </div>
              <Link to={paths.auth} className={buttonClasses({ className: 'mt-8' })}>
                Start watching
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
            <div className="rounded-3xl border border-accent/20 bg-gradient-to-br from-accent/15 to-transparent p-8">
              <h3 className="text-2xl font-bold text-fg">For creators</h3>
              <div className={cn(proseClasses, 'mt-4')}>
                <ul>
                  <li>Upload your films; our team reviews each one within 2-3 business days.</li>
                  <li>Keep ownership of your work and earn a fair share of revenue.</li>
                  <li>See real analytics: views, watch time, audience countries and devices.</li>
                </ul>
              </div>
              <Link
                to={paths.creatorOnboarding}
                className={buttonClasses({ variant: 'outline', className: 'mt-8' })}
              >
                Become a creator
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
          </div>
        </div>
      </section>
    </article>
  );
}
