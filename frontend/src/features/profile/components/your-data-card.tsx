import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { DialogForm } from '@/components/ui/dialog-form';
import { Field } from '@/components/ui/form';

import {
  deleteAccountSchema,
  useDeleteAccount,
  useDownloadMemberData,
  type DeleteAccountValues,
} from '../api/member-data';

type YourDataCardProps = { email: string; onAccountDeleted: () => void };

/** Your data: download everything Kinora holds of the member, or delete the account for good. */
export function YourDataCard({ email, onAccountDeleted }: YourDataCardProps) {
  const [deleting, setDeleting] = useState(false);
  const download = useDownloadMemberData();

  return (
    <section aria-labelledby="your-data-heading" className="grid gap-3 rounded-xl border border-white/10 p-4">
      <h2 id="your-data-heading" className="text-xl font-semibold text-fg">
        Your data
      </h2>
      <p className="text-sm text-fg-muted">
        Download your account, reviews, lists, follows, likes, viewing history and notifications as one JSON
        file, or delete your account and everything that belongs to it.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
          <Download className="size-4" aria-hidden="true" />
          {download.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
        <Button variant="outline" onClick={() => setDeleting(true)}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete my account
        </Button>
      </div>
      {deleting ? (
        <DeleteAccountDialog email={email} onClose={() => setDeleting(false)} onDeleted={onAccountDeleted} />
      ) : null}
    </section>
  );
}

function DeleteAccountDialog({
  email,
  onClose,
  onDeleted,
}: {
  email: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { register, watch, handleSubmit, formState } = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema(email)),
    defaultValues: { confirm: '' },
  });
  const remove = useDeleteAccount({ onDeleted });
  const matches = deleteAccountSchema(email).safeParse({ confirm: watch('confirm') }).success;

  return (
    <DialogForm
      title="Delete your account?"
      description={
        <>
          This cannot be undone. You are signed out everywhere; your lists, likes, follows, notifications and
          viewing history are removed; your reviews stay, without your name. Type <strong>{email}</strong> to
          confirm.
        </>
      }
      onClose={onClose}
      onSubmit={() => void handleSubmit((values) => remove.mutate(values.confirm))()}
      canSubmit={matches}
      busy={remove.isPending}
      submitLabel="Delete my account"
      busyLabel="Deleting..."
    >
      <Field
        label="Your email address"
        autoComplete="off"
        error={formState.errors.confirm?.message}
        {...register('confirm')}
      />
    </DialogForm>
  );
}
