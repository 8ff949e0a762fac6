import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { getWaitlistErrorMessage, useJoinWaitlist } from '../api/join-waitlist';

/**
 * The waitlist sign-up: idle, submitting ('Joining...'), then success (the form is replaced
 * and the address cleared) or an inline error.
 */
export function WaitlistForm({ className }: { className?: string }) {
  const [email, setEmail] = useState('');
  const emailId = useId();
  const errorId = useId();
  const join = useJoinWaitlist();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    join.mutate({ email: email.trim() }, { onSuccess: () => setEmail('') });
  };

  if (join.isSuccess) {
    return (
      <p
        role="status"
        className={cn(
          'flex items-center justify-center gap-3 rounded-2xl border border-emerald-400/30 bg-emerald-400/10 px-5 py-4 text-base font-semibold text-emerald-100',
          className,
        )}
      >
        <CircleCheck className="size-5 shrink-0 text-emerald-300" aria-hidden="true" />
        Thanks! You're on the waitlist.
      </p>
    );
  }

  const error = join.isError ? getWaitlistErrorMessage(join.error) : null;

  return (
    <form onSubmit={onSubmit} aria-label="Join the waitlist" className={className}>
      <div className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-black/50 p-2 shadow-2xl shadow-black/50 backdrop-blur transition-colors focus-within:border-accent/60 sm:flex-row sm:rounded-full">
        <label htmlFor={emailId} className="sr-only">
          Email address
        </label>
        <input
          id={emailId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Enter your email address"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-12 min-w-0 flex-1 rounded-full bg-transparent px-5 text-base text-fg placeholder:text-fg-subtle focus-visible:outline-none"
        />
        <Button type="submit" size="lg" disabled={join.isPending} className="shrink-0">
          {join.isPending ? 'Joining...' : 'Join the Waitlist'}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
