import { Film } from 'lucide-react';
import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Any path that is not a screen. */
export default function NotFoundRoute() {
  return (
    <section className="spotlight flex min-h-[80dvh] flex-1 items-center justify-center px-4 pt-28 pb-20">
      <title>Page Not Found · Kinora</title>
      <div className="max-w-lg animate-fade-up text-center">
        <p className="text-8xl font-black tracking-tighter text-white/10 md:text-9xl" aria-hidden="true">
          404
        </p>
        <Film className="mx-auto -mt-6 mb-6 size-10 text-accent md:-mt-8" aria-hidden="true" />
        <h1 className="text-3xl font-bold tracking-tight text-fg md:text-4xl">Page Not Found</h1>
        <p className="mt-4 text-fg-muted">
          The page you're looking for doesn't exist or may have moved. Let's get you back to the films.
        </p>
        <Link to={paths.landing} className={buttonClasses({ size: 'lg', className: 'mt-10' })}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
