import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

import { Button } from '@/components/ui/button';

/** Shown when a screen throws or its lazily loaded code fails to download (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error('[router] screen failed', error);
  const detail = isRouteErrorResponse(error) ? `${error.status}: ${error.statusText}` : null;

  return (
    <section
      role="alert"
      className="spotlight flex min-h-[70dvh] flex-1 items-center justify-center px-4 pt-28 pb-20"
    >
      <div className="max-w-md text-center">
        <TriangleAlert className="mx-auto mb-4 size-10 text-accent" aria-hidden="true" />
        <h1 className="text-3xl font-bold text-fg">Something went wrong</h1>
        <p className="mt-3 text-fg-muted">
          This screen could not be displayed. Reloading usually fixes it.
          {detail ? <span className="mt-1 block text-sm text-fg-subtle">{detail}</span> : null}
        </p>
        <Button className="mt-8" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </section>
  );
}
