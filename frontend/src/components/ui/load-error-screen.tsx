import { Button } from '@/components/ui/button';

/** A page whose record failed to load (not a 404): says so and offers a retry. */
export function LoadErrorScreen({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <section
      role="alert"
      className="flex min-h-[75dvh] flex-1 flex-col items-center justify-center gap-4 px-4 pt-28 pb-20 text-center"
    >
      <h1 className="text-2xl font-bold text-fg">{title}</h1>
      <p className="text-fg-muted">Something went wrong on our side. Please try again.</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}

/** A panel's figures failed to load: why, in red, and Try again. */
export function LoadErrorAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-2xl bg-red-500/10 px-5 py-4">
      <p className="text-red-200">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
