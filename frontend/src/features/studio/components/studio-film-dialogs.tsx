import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError, FormFooter } from '@/components/ui/form';

import { useDeleteStudioFilm, useReplaceCaptions, useUpdateStudioFilm } from '../api/studio-films';
import type { StudioFilm } from '@/lib/api/types';
import {
  captionsValid,
  filmDetailsOf,
  filmDetailsSchema,
  showFilmDetailsError,
  toCaptionInputs,
  toFilmDetailsInput,
  validateFilmDetails,
  type CaptionDraft,
  type FilmDetailsValues,
} from '../utils/film-form';
import { studioErrorText } from '../utils/studio-errors';
import { AiDisclosureFields } from './ai-disclosure-fields';
import { CaptionsField } from './captions-field';
import { FilmDetailsFields } from './film-details-fields';

type DialogProps = { film: StudioFilm; onClose: () => void };

function ErrorLine({ error }: { error: unknown }) {
  return <FormError message={studioErrorText(error)} />;
}

/** Edit the details and AI disclosure: PATCH /api/studio/films/{id}. */
export function EditFilmDialog({ film, onClose }: DialogProps) {
  const form = useForm<FilmDetailsValues>({
    resolver: zodResolver(filmDetailsSchema),
    defaultValues: filmDetailsOf(film),
  });
  const update = useUpdateStudioFilm();
  // Every problem shows as it is typed; a server's refusal beside its field until it is changed.
  const errors = validateFilmDetails(form.watch());
  const valid = Object.keys(errors).length === 0;
  const shown = { ...errors };
  for (const [field, error] of Object.entries(form.formState.errors))
    if (error?.type === 'server' && field !== 'root')
      shown[field as keyof FilmDetailsValues] = error.message as string;

  const submit = form.handleSubmit((values) => {
    if (update.isPending) return;
    update.mutate(
      { id: film.id, input: toFilmDetailsInput(values) },
      {
        onSuccess: onClose,
        onError: (error) => showFilmDetailsError(error, form.setError),
      },
    );
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit “${film.title}”`}
      className="max-w-2xl"
    >
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
          <FilmDetailsFields errors={shown} />
          <AiDisclosureFields errors={shown} />
          <FormError message={form.formState.errors.root?.server?.message} />
          <FormFooter>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          </FormFooter>
        </form>
      </FormProvider>
    </Dialog>
  );
}

/** Replace every caption with a new set (none removes them): PUT /api/studio/films/{id}/captions. */
export function CaptionsDialog({ film, onClose }: DialogProps) {
  const [captions, setCaptions] = useState<CaptionDraft[]>([]);
  const replace = useReplaceCaptions();
  const valid = captionsValid(captions);
  const removing = captions.length === 0;

  const save = () => {
    if (!valid || replace.isPending) return;
    replace.mutate({ id: film.id, captions: toCaptionInputs(captions) }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Captions of “${film.title}”`}
      description="The files you add here replace all of the film's captions."
    >
      <div className="space-y-5">
        <div>
          <p className="text-sm font-medium text-fg-muted">Now</p>
          {film.captions.length > 0 ? (
            <ul aria-label="Current captions" className="mt-1 flex flex-wrap gap-2">
              {film.captions.map((caption) => (
                <li key={caption.language} className="rounded-full bg-white/10 px-3 py-1 text-sm text-fg">
                  {caption.label} <span className="text-fg-subtle">({caption.language})</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-fg-subtle">No captions.</p>
          )}
        </div>
        <CaptionsField captions={captions} onChange={setCaptions} />
        {replace.isError ? <ErrorLine error={replace.error} /> : null}
        <FormFooter>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={save}
            disabled={!valid || replace.isPending || (removing && film.captions.length === 0)}
            variant={removing ? 'outline' : 'primary'}
          >
            {replace.isPending ? 'Saving…' : removing ? 'Remove all captions' : 'Replace captions'}
          </Button>
        </FormFooter>
      </div>
    </Dialog>
  );
}

/** Delete a film that is not published: DELETE /api/studio/films/{id}, after a confirmation. */
export function DeleteFilmDialog({ film, onClose }: DialogProps) {
  const remove = useDeleteStudioFilm();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete “${film.title}”?`}
      description="The film, its video and its captions are removed for good."
    >
      <FormFooter>
        <Button variant="ghost" onClick={onClose}>
          Keep it
        </Button>
        <Button
          className="bg-red-500 text-white shadow-red-500/20 hover:bg-red-600"
          disabled={remove.isPending}
          onClick={() => remove.mutate(film.id, { onSuccess: onClose })}
        >
          {remove.isPending ? 'Deleting…' : 'Delete film'}
        </Button>
      </FormFooter>
    </Dialog>
  );
}
