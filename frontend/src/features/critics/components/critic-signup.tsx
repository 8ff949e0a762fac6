import { ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths, signInPath } from '@/config/paths';

import { invitationFailureText, useInvitation } from '../api/critic-invitation';
import { CriticProfileForm } from './critic-profile-form';

/**
 * /critic-signup?token=…: checks the invitation, then the profile form for the invited address;
 * success sends the browser to /auth with a message naming that address.
 */
export function CriticSignup({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const invitation = useInvitation(token);

  if (!token) return <InvalidInvitation message="Invalid invitation link" />;
  if (invitation.isPending) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 py-24 text-fg-muted">
        <Spinner label="Validating invitation" />
        <p>Validating your invitation...</p>
      </div>
    );
  }
  if (invitation.isError) return <InvalidInvitation message={invitationFailureText(invitation.error)} />;

  const email = invitation.data.email;
  return (
    <div className="mx-auto w-full max-w-2xl flex-1 px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Join Kinora as a Critic</h1>
      <p className="mt-2 text-fg-muted">
        You were invited as <strong className="text-fg">{email}</strong>. Complete your critic profile to get
        started.
      </p>
      <CriticProfileForm
        token={token}
        onCreated={() =>
          navigate(signInPath(`Your critic account has been created. Sign in with ${email} to continue.`))
        }
      />
    </div>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 py-24 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-white/5 text-accent">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold text-fg">{message}</h1>
      <p className="text-sm text-fg-muted">Ask the Kinora team for a new invitation link.</p>
      <Button onClick={() => navigate(paths.landing)}>Return to Home</Button>
    </div>
  );
}
