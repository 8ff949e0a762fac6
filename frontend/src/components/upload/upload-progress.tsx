import { CheckCircle2, FileVideo, Pause, Play, X } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';

import type { UploadState } from '@/hooks/use-tus-upload';
import { formatBytes, formatSpeed, formatTimeLeft } from '@/lib/upload-format';

type Props = {
  upload: UploadState;
  onPause: () => void;
  onResume: () => void;
  onDiscard: () => void;
};

/** The upload's bytes sent of the total, speed and time left, with Pause / Resume. */
export function UploadProgress({ upload, onPause, onResume, onDiscard }: Props) {
  const total = upload.bytesTotal || upload.file?.size || 0;
  const fraction = total > 0 ? upload.bytesSent / total : 0;
  const percent = Math.floor(fraction * 100);
  const done = upload.phase === 'done';

  return (
    <section
      aria-label="Upload"
      className="rounded-2xl border border-white/10 bg-surface/80 p-5 shadow-xl shadow-black/20"
    >
      <div className="flex items-start gap-3">
        {done ? (
          <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-400" aria-hidden="true" />
        ) : (
          <FileVideo className="mt-0.5 size-6 shrink-0 text-accent" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-fg">{upload.file?.name}</p>
          <p className="text-xs text-fg-subtle">
            {done ? 'Upload complete' : upload.resumed ? 'Continuing an earlier upload' : 'Uploading'}
          </p>
        </div>
        <span className="text-sm font-semibold text-fg tabular-nums">{percent}%</span>
      </div>

      <ProgressBar label="Upload progress" fraction={fraction} className="mt-4 h-2" />

      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted tabular-nums" data-testid="upload-figures">
          {formatBytes(upload.bytesSent)} of {formatBytes(total)}
          {upload.phase === 'uploading' && upload.speed > 0
            ? ` · ${formatSpeed(upload.speed)} · ${formatTimeLeft(upload.secondsLeft ?? Infinity)} left`
            : ''}
          {upload.phase === 'paused' ? ' · Paused' : ''}
        </p>
        <div className="flex gap-2">
          {upload.phase === 'uploading' ? (
            <Button variant="secondary" size="sm" onClick={onPause}>
              <Pause className="size-4" aria-hidden="true" />
              Pause
            </Button>
          ) : null}
          {upload.phase === 'paused' || upload.phase === 'error' ? (
            <Button variant="secondary" size="sm" onClick={onResume}>
              <Play className="size-4" aria-hidden="true" />
              Resume
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onDiscard}>
            <X className="size-4" aria-hidden="true" />
            {done ? 'Use another file' : 'Cancel upload'}
          </Button>
        </div>
      </div>

      {upload.error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-300">
          {upload.error}
        </p>
      ) : null}
    </section>
  );
}
