import { AlertTriangle, CheckCircle2, Loader2, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { UploadProgress } from '@/components/upload/upload-progress';
import { useTusUpload } from '@/hooks/use-tus-upload';
import { isApiError } from '@/lib/api-client';
import { isUnauthorizedError } from '@/lib/unauthorized';

import {
  useCreateCreativeUpload,
  useCreativeUpload,
  useRefreshCreativeVideos,
} from '../api/creative-uploads';
import { CAMPAIGN_LIMITS, creativeUploadLabel } from '../utils/campaign-form';

/** An uploaded video, processed and listed among the creative videos. */
export type ReadyCreativeVideo = { videoUrl: string; duration: number | null; label: string };

const serverText = (error: unknown, fallback: string) =>
  (isApiError(error) && error.serverMessage) || fallback;

/**
 * Uploading a new ad video from the New Campaign form: the file goes up through the resumable tus
 * upload the studio uses, POST /api/creative-uploads makes it a creative video (the ad's title, else
 * the file's name, is its label), its transcode is followed every second, and once ready the
 * creative videos are asked again and `onReady` gets the new one. A refusal or a failed transcode is
 * shown in the server's words, and another file can be tried.
 */
export function CreativeVideoUpload({
  title,
  onReady,
}: {
  /** The ad's title as typed so far: the new video's label when not empty. */
  title: string;
  onReady: (video: ReadyCreativeVideo) => void;
}) {
  const tus = useTusUpload();
  const create = useCreateCreativeUpload();
  const [creativeId, setCreativeId] = useState<number | null>(null);
  const creative = useCreativeUpload(creativeId);
  const refreshVideos = useRefreshCreativeVideos();
  const inputRef = useRef<HTMLInputElement>(null);
  // The upload sent to POST /api/creative-uploads and the creative reported ready, each only once.
  const posted = useRef<string | null>(null);
  const reported = useRef<number | null>(null);

  const { phase, uploadId, file } = tus.state;
  const { mutate } = create;
  useEffect(() => {
    if (phase !== 'done' || !uploadId || !file || posted.current === uploadId) return;
    posted.current = uploadId;
    mutate(
      { uploadId, label: creativeUploadLabel(title, file.name) },
      { onSuccess: (upload) => setCreativeId(upload.id) },
    );
  }, [phase, uploadId, file, title, mutate]);

  const upload = creativeId === null ? undefined : creative.data;
  useEffect(() => {
    if (upload?.status !== 'ready' || !upload.videoUrl || reported.current === upload.id) return;
    reported.current = upload.id;
    const { videoUrl, duration, label } = upload;
    void refreshVideos(videoUrl).then((listed) =>
      onReady({ videoUrl, duration: listed?.duration ?? duration, label: listed?.label ?? label }),
    );
  }, [upload, refreshVideos, onReady]);

  const reset = () => {
    tus.discard();
    create.reset();
    setCreativeId(null);
    posted.current = null;
  };

  const pickFile = (picked: File) => {
    reset();
    void tus.start(picked);
  };

  const transferring = phase === 'uploading' || phase === 'paused' || phase === 'error';
  const processing = upload?.status === 'queued' || upload?.status === 'processing';
  const waiting = creativeId !== null && !upload && !creative.isError;
  const busy = phase === 'uploading' || phase === 'paused' || create.isPending || processing || waiting;

  return (
    <div className="grid gap-3 rounded-xl border border-dashed border-white/15 p-4 sm:col-span-2">
      {!busy ? (
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={inputRef}
            type="file"
            accept="video/*"
            aria-label="Video file to upload"
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (picked) pickFile(picked);
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
            <Upload className="size-4" aria-hidden="true" />
            Upload a video
          </Button>
          <p className="text-xs text-fg-subtle">
            Not in the list? Upload one (at most {CAMPAIGN_LIMITS.creativeDurationMax} seconds): it is
            processed, then chosen as the ad&apos;s video.
          </p>
        </div>
      ) : null}

      {transferring ? (
        <UploadProgress upload={tus.state} onPause={tus.pause} onResume={tus.resume} onDiscard={reset} />
      ) : null}

      {create.isPending || waiting ? (
        <p className="inline-flex items-center gap-2 text-sm text-fg-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Checking the video…
        </p>
      ) : null}

      {processing ? (
        <div>
          <p className="text-sm text-fg-muted tabular-nums">Processing video… {upload.progress}%</p>
          <ProgressBar label="Processing video" fraction={upload.progress / 100} className="mt-2 h-2" />
        </div>
      ) : null}

      {upload?.status === 'ready' ? (
        <p className="inline-flex items-center gap-2 text-sm text-emerald-300">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {upload.label} is ready and chosen as the ad&apos;s video.
        </p>
      ) : null}

      {upload?.status === 'failed' ? (
        <Alert>
          <p className="font-semibold">This video could not be processed.</p>
          <p className="mt-0.5">
            {upload.failureReason ?? 'The transcoder gave no reason.'} Try another file.
          </p>
        </Alert>
      ) : null}

      {create.isError && !isUnauthorizedError(create.error) ? (
        <Alert>{serverText(create.error, 'The video could not be used. Try again.')}</Alert>
      ) : null}

      {creative.isError && creativeId !== null ? (
        <Alert>{serverText(creative.error, "The video's processing could not be followed.")}</Alert>
      ) : null}
    </div>
  );
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-200">
      <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
