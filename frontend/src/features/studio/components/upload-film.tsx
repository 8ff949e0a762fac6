import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { FormError, FormFooter } from '@/components/ui/form';
import { UploadProgress } from '@/components/upload/upload-progress';
import { findUnfinishedUploads, useTusUpload } from '@/hooks/use-tus-upload';

import { useCreateStudioFilm } from '../api/studio-films';
import {
  captionsValid,
  emptyFilmDetails,
  filmDetailsSchema,
  showFilmDetailsError,
  toCaptionInputs,
  toFilmDetailsInput,
  validateFilmDetails,
  type CaptionDraft,
  type FilmDetailsErrors,
  type FilmDetailsValues,
} from '../utils/film-form';
import { clearUploadDraft, loadUploadDraft, saveUploadDraft } from '../utils/upload-draft';
import { AiDisclosureFields } from './ai-disclosure-fields';
import { CaptionsField } from './captions-field';
import { FilmDetailsFields } from './film-details-fields';
import { TranscodeStatus } from './transcode-status';
import { UploadDropzone, type UnfinishedUpload } from './upload-dropzone';

const FIELD_NAMES: Partial<Record<keyof FilmDetailsValues, string>> = {
  title: 'title',
  description: 'description',
  genre: 'genre',
  language: 'language',
  releaseYear: 'release year',
  aiTools: 'AI tools',
  aiNotes: 'AI notes',
  likenessConsent: 'consent',
};

/** 'My Film.final.mp4' → 'My Film.final': a first guess at the title. */
const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 120);

const positiveInt = (text: string | null) => (text && /^[1-9]\d*$/.test(text) ? Number(text) : null);

/** An admin adding the film for a creator: the chosen creator (null: none yet) and the picker. */
export type UploadForCreator = { creatorId: number | null; picker: ReactNode };

/**
 * /upload and /uploadfilm: a video file uploads (resumably) while the creator fills in the film's
 * details; 'Submit for review' once both are done, then the transcoding progress (?film={id}).
 * With `forCreator` an admin adds it for the creator chosen in the picker.
 */
export function UploadFilm({ forCreator }: { forCreator?: UploadForCreator } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const submittedId = positiveInt(searchParams.get('film'));
  const tus = useTusUpload();
  const create = useCreateStudioFilm();
  const [draft] = useState<FilmDetailsValues>(loadUploadDraft);
  const form = useForm<FilmDetailsValues>({ resolver: zodResolver(filmDetailsSchema), defaultValues: draft });
  const values = form.watch();
  const [captions, setCaptions] = useState<CaptionDraft[]>([]);
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);

  useEffect(() => {
    let cancelled = false;
    void findUnfinishedUploads().then((uploads) => {
      if (cancelled) return;
      setUnfinished(
        uploads.map((upload) => ({
          fileName: upload.metadata.filename ?? 'Video',
          size: upload.size,
          startedAt: upload.creationTime,
        })),
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (tus.state.phase !== 'idle') saveUploadDraft(values);
  }, [values, tus.state.phase]);

  // Closing the tab would pause the upload (it resumes when the same file is picked again): ask first.
  const uploading = tus.state.phase === 'uploading';
  useEffect(() => {
    if (!uploading) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [uploading]);

  /** Drops the upload (deleting an unfinished one) and the details typed for it. */
  const discard = () => {
    tus.discard();
    clearUploadDraft();
    create.reset();
    form.reset(emptyFilmDetails());
    setCaptions([]);
  };

  /** ?film={id} (or none), keeping the rest of the query (an admin's ?forCreator=1). */
  const showFilm = (id: number | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (id === null) next.delete('film');
      else next.set('film', String(id));
      return next;
    });

  const startOver = () => {
    discard();
    showFilm(null);
  };

  if (submittedId !== null) {
    return <TranscodeStatus filmId={submittedId} onUploadAnother={startOver} />;
  }

  const { touchedFields, errors: formErrors } = form.formState;
  const errors = validateFilmDetails(values);
  // A field's problem shows once it was left (consent at once), a server's refusal until it is changed.
  const shownErrors: FilmDetailsErrors = Object.fromEntries(
    Object.entries(errors).filter(
      ([field]) => touchedFields[field as keyof FilmDetailsValues] || field === 'likenessConsent',
    ),
  );
  for (const [field, error] of Object.entries(formErrors))
    if (error?.type === 'server' && field !== 'root')
      shownErrors[field as keyof FilmDetailsValues] = error.message as string;
  const creatorMissing = forCreator !== undefined && forCreator.creatorId === null;
  const formValid = Object.keys(errors).length === 0 && captionsValid(captions) && !creatorMissing;
  const uploaded = tus.state.phase === 'done' && tus.state.uploadId !== null;
  const missing = Object.keys(errors).map((field) => FIELD_NAMES[field as keyof FilmDetailsValues] ?? field);

  const pickFile = (file: File) => {
    create.reset();
    form.clearErrors();
    if (!values.title.trim()) form.setValue('title', titleFromFileName(file.name));
    void tus.start(file);
  };

  const submit = form.handleSubmit((details) => {
    if (!uploaded || !formValid || create.isPending || !tus.state.uploadId) return;
    create.mutate(
      {
        uploadId: tus.state.uploadId,
        ...toFilmDetailsInput(details),
        ...(captions.length > 0 ? { captions: toCaptionInputs(captions) } : {}),
        ...(forCreator?.creatorId ? { creatorId: forCreator.creatorId } : {}),
      },
      {
        onSuccess: (film) => {
          clearUploadDraft();
          showFilm(film.id);
        },
        onError: (error) => showFilmDetailsError(error, form.setError),
      },
    );
  });

  return (
    <div className="space-y-6">
      {forCreator?.picker}
      {tus.state.phase === 'idle' ? (
        <UploadDropzone onFile={pickFile} unfinished={unfinished} />
      ) : (
        <UploadProgress upload={tus.state} onPause={tus.pause} onResume={tus.resume} onDiscard={discard} />
      )}

      {tus.state.phase !== 'idle' ? (
        <FormProvider {...form}>
          <form
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-label="Film details"
            className="space-y-6"
          >
            <section className="rounded-2xl border border-white/10 bg-surface/80 p-5 shadow-xl shadow-black/20">
              <h2 className="mb-4 text-lg font-bold text-fg">Film details</h2>
              <FilmDetailsFields errors={shownErrors} />
            </section>
            <CaptionsField captions={captions} onChange={setCaptions} />
            <AiDisclosureFields errors={shownErrors} />

            <FormError message={formErrors.root?.server?.message} />

            <FormFooter align="start" className="flex-wrap gap-4">
              <Button type="submit" size="lg" disabled={!uploaded || !formValid || create.isPending}>
                <Send className="size-4" aria-hidden="true" />
                {create.isPending ? 'Submitting…' : 'Submit for review'}
              </Button>
              <p className="text-sm text-fg-subtle" data-testid="submit-hint">
                {!uploaded
                  ? 'You can submit once the upload has finished.'
                  : creatorMissing
                    ? 'Choose the creator the film is for.'
                    : missing.length > 0
                      ? `Still needed: ${missing.join(', ')}.`
                      : !captionsValid(captions)
                        ? 'Fix the caption files marked above.'
                        : create.isPending
                          ? 'Checking your video…'
                          : 'Ready to submit.'}
              </p>
            </FormFooter>
          </form>
        </FormProvider>
      ) : null}
    </div>
  );
}
