import { FEEDBACK_NAME_MAX_LENGTH, FEEDBACK_VISION_MAX_LENGTH } from '@kinora/contracts';
import { Heart } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { LargeField, LargeTextareaField } from '@/components/ui/large-field';

import { FEEDBACK_ERROR, useSendFeedback } from '../api/send-feedback';

const emptyFields = { name: '', email: '', vision: '' };

/**
 * The 'Help Shape' feedback form: Name (optional), Email and 'Share your vision'
 * (required). Idle, submitting ('Submitting...'), then a 'Thank You!' message or an inline error.
 */
export function FeedbackForm() {
  const [fields, setFields] = useState(emptyFields);
  const errorId = useId();
  const feedback = useSendFeedback();

  const set = (field: keyof typeof emptyFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    feedback.mutate(
      { name: fields.name, email: fields.email.trim(), vision: fields.vision },
      { onSuccess: () => setFields(emptyFields) },
    );
  };

  if (feedback.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center py-10 text-center">
        <span className="mb-5 inline-flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent ring-1 ring-accent/30">
          <Heart className="size-7 fill-current" aria-hidden="true" />
        </span>
        <h3 className="text-2xl font-black tracking-tight text-fg">Thank You!</h3>
        <p className="mt-2 max-w-sm text-fg-muted">
          Your vision is in. We read every response, and it will help shape what we build.
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label="Help shape Kinora" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <LargeField
          label={
            <>
              Name <span className="font-normal text-fg-subtle">(optional)</span>
            </>
          }
          type="text"
          name="name"
          autoComplete="name"
          maxLength={FEEDBACK_NAME_MAX_LENGTH}
          placeholder="Your name"
          value={fields.name}
          onChange={set('name')}
        />
        <LargeField
          label="Email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={fields.email}
          onChange={set('email')}
        />
      </div>
      <LargeTextareaField
        label="Share your vision"
        name="vision"
        required
        rows={5}
        maxLength={FEEDBACK_VISION_MAX_LENGTH}
        placeholder="What would make Kinora your favourite place to watch, share or make films?"
        value={fields.vision}
        onChange={set('vision')}
        className="resize-y py-3 leading-relaxed"
      />
      {feedback.isError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-300">
          {FEEDBACK_ERROR}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={feedback.isPending} className="w-full sm:w-auto">
        {feedback.isPending ? 'Submitting...' : 'Share Feedback'}
      </Button>
    </form>
  );
}
