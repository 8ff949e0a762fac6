import { Clapperboard, Heart, Users } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { PageMeta } from '@/components/layout/page-meta';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { SignInForm } from '@/features/auth/components/sign-in-form';

const perks = [
  { icon: Clapperboard, text: 'Stream original films and series from independent creators' },
  { icon: Heart, text: 'Keep a personal list and pick up where you left off' },
  { icon: Users, text: 'Follow the creators and critics whose taste you trust' },
];

/** /auth: passwordless sign-in; signed-in users go on to /home. */
export default function AuthRoute() {
  const user = useUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  if (user.data) return <Navigate to={paths.home} replace />;

  return (
    <section className="spotlight relative flex flex-1 items-center px-4 pt-28 pb-20 md:px-8">
      <PageMeta
        title="Sign In · Kinora"
        description="Sign in to Kinora with your email: we send you a 6-digit code, no password needed. Keep a list, pick up where you left off and follow creators."
      />
      <div className="mx-auto grid w-full max-w-5xl items-center gap-12 lg:grid-cols-[1.1fr_1fr]">
        <div className="hidden animate-fade-up lg:block">
          <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">Welcome to Kinora</p>
          <p className="mt-4 text-5xl leading-[1.05] font-black tracking-tight text-balance text-fg">
            Independent generative cinema, one code away.
          </p>
          <ul className="mt-10 space-y-5">
            {perks.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-4 text-fg-muted">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-white/10 bg-white/5 text-accent">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>

        <div className="mx-auto w-full max-w-md animate-fade-up">
          {/* Shown at once, not after the session check: a signed-in visitor is sent on to /home
              anyway, and the form keeps its place instead of replacing a placeholder. */}
          <SignInForm
            message={searchParams.get('message')}
            onSignedIn={() => navigate(paths.home, { replace: true })}
          />
          <p className="mt-6 text-center text-xs text-fg-subtle">
            By continuing you agree to our{' '}
            <Link to={paths.terms} className="underline decoration-white/30 underline-offset-2 hover:text-fg">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link
              to={paths.privacy}
              className="underline decoration-white/30 underline-offset-2 hover:text-fg"
            >
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
