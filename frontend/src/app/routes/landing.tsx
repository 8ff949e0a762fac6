import { Clapperboard, HandCoins, Play, Sparkles } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router-dom';

import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';

const pillars = [
  {
    icon: Clapperboard,
    title: 'Original Content',
    text: 'Tv shows, short films and feature films made with generative tools by creators worldwide.',
  },
  {
    icon: HandCoins,
    title: 'Support Creators',
    text: 'Fair revenue sharing and creator watermarks on every film.',
  },
  {
    icon: Sparkles,
    title: 'Curated Excellence',
    text: 'Every film is reviewed by people before it reaches the catalogue.',
  },
];

/** Marketing landing page (SPEC §2): signed-in users are sent on to /home. */
export default function LandingRoute() {
  const { data: user } = useUser();
  const navigate = useNavigate();

  if (user) return <Navigate to={paths.home} replace />;

  return (
    <>
      <title>Kinora · Generative cinema, curated</title>
      <section className="spotlight relative isolate overflow-hidden px-4 pt-36 pb-24 md:px-8 md:pt-44 md:pb-32">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-b from-transparent to-background"
        />
        <div className="mx-auto max-w-4xl animate-fade-up text-center">
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-4 py-1.5 text-sm text-fg-muted">
            <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
            Independent generative cinema
          </p>
          <h1 className="text-5xl leading-[1.05] font-black tracking-tight text-balance text-fg md:text-7xl">
            Your home to <span className="text-accent">First-Class</span> Generative Cinema
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-fg-muted md:text-xl">
            Curated. Ethical. Independent.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button size="lg" onClick={() => navigate(user === null ? paths.auth : paths.home)}>
              <Play className="size-5 fill-current" aria-hidden="true" />
              Start Exploring
            </Button>
            <Link to={paths.browse} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              Browse Films
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-kinora" className="px-4 pb-24 md:px-8">
        <h2 id="why-kinora" className="sr-only">
          Why Kinora
        </h2>
        <ul className="mx-auto grid max-w-6xl gap-4 md:grid-cols-3">
          {pillars.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-white/10 bg-gradient-to-b from-white/[0.06] to-white/[0.02] p-6 transition-colors hover:border-accent/40"
            >
              <Icon className="mb-4 size-7 text-accent" aria-hidden="true" />
              <h3 className="text-lg font-semibold text-fg">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-fg-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
