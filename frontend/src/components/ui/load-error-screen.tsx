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
