import { VERIFICATION_CODE_LENGTH } from '@kinora/contracts';
import { ArrowLeft, Info, KeyRound, Mail, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { LargeField } from '@/components/ui/large-field';
import { cn } from '@/lib/utils';
import type { User } from '@/lib/api/types';

import { useSendCode } from '../api/send-code';
import { useVerifyCode } from '../api/verify-code';

type Step = 'email' | 'code';

type SignInFormProps = {
  /** The `message` query parameter, e.g. after accepting a critic invitation. */
  message?: string | null;
  onSignedIn: (user: User) => void;
};

/**
 * Two-step passwordless sign-in (docs/accounts.md): an email address, then the 6-digit code sent to it.
 * Submitting the address moves to the code step at once; the code request runs in the background.
 */
export function SignInForm({ message, onSignedIn }: SignInFormProps) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const sendCode = useSendCode();
  const verifyCode = useVerifyCode({ onSuccess: onSignedIn });

  const onEmailSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    setSentTo(address);
    setStep('code');
    sendCode.mutate({ email: address });
  };

  const onCodeSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== VERIFICATION_CODE_LENGTH || verifyCode.isPending) return;
    verifyCode.mutate({ email: sentTo, code });
  };

  const backToEmail = () => {
    setCode('');
    setStep('email');
  };

  const codeComplete = code.length === VERIFICATION_CODE_LENGTH;

  return (
    <div className="w-full rounded-3xl border border-white/10 bg-surface/80 p-6 shadow-2xl shadow-black/60 backdrop-blur-xl sm:p-8">
      <span className="mb-6 inline-flex size-12 items-center justify-center rounded-2xl border border-accent/30 bg-accent/10 text-accent">
        {step === 'email' ? (
          <Mail className="size-6" aria-hidden="true" />
        ) : (
          <KeyRound className="size-6" aria-hidden="true" />
        )}
      </span>

      {step === 'email' ? (
        <>
          <h1 className="text-3xl font-black tracking-tight text-fg">Sign In</h1>
          <p className="mt-2 text-fg-muted">
            Enter your email and we'll send you a 6-digit code. No password needed.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-black tracking-tight text-fg">Check your email</h1>
          <p className="mt-2 text-fg-muted" data-testid="code-sent-to">
            We sent a 6-digit code to <strong className="font-semibold break-words text-fg">{sentTo}</strong>
          </p>
        </>
      )}

      {message ? (
        <div
          role="status"
          className="mt-6 flex gap-3 rounded-xl border border-sky-400/30 bg-sky-400/10 p-4 text-sm text-sky-100"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-sky-300" aria-hidden="true" />
          <p>{message}</p>
        </div>
      ) : null}

      {step === 'email' ? (
        <form onSubmit={onEmailSubmit} className="mt-8 space-y-5">
          <LargeField
            label="Email Address"
            type="email"
            name="email"
            required
            autoFocus
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={sendCode.isPending}>
            {sendCode.isPending ? 'Sending...' : 'Continue'}
          </Button>
        </form>
      ) : (
        <form onSubmit={onCodeSubmit} className="mt-8 space-y-5">
          <LargeField
            label="Verification Code"
            hint="The code expires in 10 minutes."
            type="text"
            name="code"
            required
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder="000000"
            value={code}
            onChange={(event) => setCode(event.target.value.slice(0, VERIFICATION_CODE_LENGTH))}
            className="h-14 text-center font-mono text-2xl tracking-[0.5em]"
          />
          <Button type="submit" size="lg" className="w-full" disabled={!codeComplete || verifyCode.isPending}>
            {verifyCode.isPending ? 'Verifying...' : 'Verify & Continue'}
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="ghost" size="sm" onClick={backToEmail} disabled={verifyCode.isPending}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Email
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => sendCode.mutate({ email: sentTo })}
              disabled={sendCode.isPending || verifyCode.isPending}
            >
              <RotateCw className={cn('size-4', sendCode.isPending && 'animate-spin')} aria-hidden="true" />
              {sendCode.isPending ? 'Sending...' : 'Resend Code'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
