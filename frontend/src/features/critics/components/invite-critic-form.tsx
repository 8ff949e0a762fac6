import { EMAIL_MAX_LENGTH } from '@kinora/contracts';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';

import { useInviteCritic } from '../api/invite-critic';

/** An admin invites a critic by email; the toasts tell whether the link was mailed. */
export function InviteCriticForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const invite = useInviteCritic();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || invite.isPending) return;
    invite.mutate(address, { onSuccess: () => setEmail('') });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-white/10 bg-white/[0.03] p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-fg">
        Invite a critic
      </h2>
      <p className="mt-1 text-sm text-fg-muted">They get a single-use sign-up link, valid for 7 days.</p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap gap-3">
        <label htmlFor={`${id}-email`} className="sr-only">
          Critic email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          value={email}
          maxLength={EMAIL_MAX_LENGTH}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="critic@example.com"
          className="min-w-64 flex-1 rounded-full border border-white/15 bg-white/5 px-4 py-2 text-sm text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none"
        />
        <Button type="submit" disabled={!email.trim() || invite.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </form>
    </section>
  );
}
