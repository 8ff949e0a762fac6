import { UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { formatBytes } from '@/lib/upload-format';

export type UnfinishedUpload = { fileName: string; size: number | null; startedAt: string };

/** Pick or drop one video file. Lists uploads this browser did not finish: the same file resumes them. */
export function UploadDropzone({
  onFile,
  unfinished,
}: {
  onFile: (file: File) => void;
  unfinished: UnfinishedUpload[];
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div>
      <div
        data-testid="upload-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-14 text-center transition-colors',
          dragging ? 'border-accent bg-accent/10' : 'border-white/15 bg-white/[0.03]',
        )}
      >
        <UploadCloud className="size-10 text-accent" aria-hidden="true" />
        <p className="mt-4 text-lg font-semibold text-fg">Drop your film here</p>
        <p className="mt-1 text-sm text-fg-muted">
          One video file (MP4, MOV, MKV, WebM…). The upload starts at once and survives a lost connection.
        </p>
        <input
          ref={inputRef}
          type="file"
          accept="video/*"
          aria-label="Choose a video file"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <Button className="mt-6" onClick={() => inputRef.current?.click()}>
          Choose a video file
        </Button>
      </div>
      {unfinished.length > 0 ? (
        <div className="mt-4 rounded-2xl border border-sky-400/30 bg-sky-400/10 px-5 py-4 text-sm text-sky-100">
          <p className="font-semibold">You have an unfinished upload</p>
          <ul className="mt-1 space-y-0.5">
            {unfinished.map((upload) => (
              <li key={`${upload.fileName}-${upload.startedAt}`}>
                {upload.fileName}
                {upload.size ? ` (${formatBytes(upload.size)})` : ''}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sky-100/80">Choose the same file again to continue where it stopped.</p>
        </div>
      ) : null}
    </div>
  );
}
