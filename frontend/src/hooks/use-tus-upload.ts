import { UPLOAD_CHUNK_BYTES, UPLOAD_EXPIRY_HOURS_DEFAULT } from '@kinora/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultOptions, Upload, type DetailedError, type PreviousUpload } from 'tus-js-client';

import { transferRate, type RateSample } from '@/lib/upload-format';

/**
 * The catalog's tus endpoint, for creators (a film's video) and admins (an ad's video); each user
 * sees only their own uploads.
 */
export const UPLOAD_ENDPOINT = '/api/uploads/';
/** Waits before each retry of a failed request; after the last one the upload stops with an error. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'done' | 'error';

export type UploadState = {
  phase: UploadPhase;
  file: File | null;
  bytesSent: number;
  bytesTotal: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  /** Seconds left at the current speed, or null while unknown. */
  secondsLeft: number | null;
  /** Set once the server created the upload: what POST /api/studio/films or /api/creative-uploads refers to. */
  uploadId: string | null;
  /** True when this file continues an upload started before (a reload, another visit). */
  resumed: boolean;
  error: string | null;
};

const IDLE: UploadState = {
  phase: 'idle',
  file: null,
  bytesSent: 0,
  bytesTotal: 0,
  speed: 0,
  secondsLeft: null,
  uploadId: null,
  resumed: false,
  error: null,
};

/** The last path segment of the upload's URL is its id. */
export const uploadIdOf = (url: string | null): string | null =>
  url ? (new URL(url, window.location.origin).pathname.split('/').filter(Boolean).at(-1) ?? null) : null;

const isDetailedError = (error: Error): error is DetailedError => 'originalResponse' in error;

/** A failed upload in plain words: the server's message when it sent one. */
export function uploadErrorText(error: Error): string {
  const response = isDetailedError(error) ? error.originalResponse : null;
  if (!response) return 'The connection to Kinora was lost. Press Resume to continue where it stopped.';
  const status = response.getStatus();
  let message: string | undefined;
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    message = undefined;
  }
  if (status === 413) return message ?? 'This file is too large to upload.';
  if (status === 401) return 'You are signed out. Sign in again, then pick the file to continue.';
  if (status === 403) return message ?? 'Only creators and admins can upload videos.';
  if (status === 404 || status === 410)
    return 'This upload has expired. Choose the file again to start over.';
  return message ?? `The upload failed (the server answered ${status}). Press Resume to try again.`;
}

/**
 * Uploads this browser started and did not finish (kept in localStorage by tus-js-client), leaving
 * out those old enough for the server to have removed them.
 */
export async function findUnfinishedUploads(now = Date.now()): Promise<PreviousUpload[]> {
  try {
    const all = await defaultOptions.urlStorage.findAllUploads();
    const oldest = now - UPLOAD_EXPIRY_HOURS_DEFAULT * 3600 * 1000;
    return all.filter(
      (upload) => upload.uploadUrl?.includes(UPLOAD_ENDPOINT) && Date.parse(upload.creationTime) > oldest,
    );
  } catch {
    return [];
  }
}

/**
 * One resumable tus upload: `start(file)` picks up where an earlier upload of the same file stopped
 * (same name, type, size and modification time) or begins a new one; `pause` and `resume`; `discard`
 * stops and deletes it on the server. Leaving the page only stops it, so it can be resumed later.
 */
export function useTusUpload() {
  const [state, setState] = useState<UploadState>(IDLE);
  const uploadRef = useRef<Upload | null>(null);
  const finished = useRef(false);
  const samples = useRef<RateSample[]>([]);

  useEffect(
    () => () => {
      void uploadRef.current?.abort();
    },
    [],
  );

  const begin = (upload: Upload) => {
    samples.current = [];
    setState((current) => ({ ...current, phase: 'uploading', error: null, speed: 0, secondsLeft: null }));
    upload.start();
  };

  const start = useCallback(async (file: File) => {
    await uploadRef.current?.abort();
    const upload: Upload = new Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      // Each PATCH carries at most this much, so no proxy body limit is ever reached.
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      removeFingerprintOnSuccess: true,
      onUploadUrlAvailable: () => {
        setState((current) => ({ ...current, uploadId: uploadIdOf(upload.url) }));
      },
      onProgress: (bytesSent, bytesTotal) => {
        if (uploadRef.current !== upload) return;
        const now = Date.now();
        samples.current = [
          ...samples.current.filter((sample) => sample.at > now - 10_000),
          { at: now, bytes: bytesSent },
        ];
        const speed = transferRate(samples.current);
        setState((current) => ({
          ...current,
          bytesSent,
          bytesTotal,
          speed,
          secondsLeft: speed > 0 ? (bytesTotal - bytesSent) / speed : null,
        }));
      },
      onSuccess: () => {
        if (uploadRef.current !== upload) return;
        finished.current = true;
        setState((current) => ({
          ...current,
          phase: 'done',
          bytesSent: current.bytesTotal || file.size,
          bytesTotal: current.bytesTotal || file.size,
          secondsLeft: 0,
          uploadId: uploadIdOf(upload.url),
        }));
      },
      onError: (error) => {
        if (uploadRef.current !== upload) return;
        setState((current) => ({ ...current, phase: 'error', error: uploadErrorText(error), speed: 0 }));
      },
    });
    uploadRef.current = upload;
    finished.current = false;
    setState({ ...IDLE, file, bytesTotal: file.size, phase: 'uploading' });

    const previous = await upload.findPreviousUploads().catch(() => []);
    if (uploadRef.current !== upload) return;
    const resumable = previous.find((entry) => entry.uploadUrl);
    if (resumable) {
      upload.resumeFromPreviousUpload(resumable);
      setState((current) => ({ ...current, resumed: true, uploadId: uploadIdOf(resumable.uploadUrl) }));
    }
    begin(upload);
  }, []);

  const pause = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    void upload.abort();
    setState((current) =>
      current.phase === 'uploading' ? { ...current, phase: 'paused', speed: 0 } : current,
    );
  }, []);

  const resume = useCallback(() => {
    const upload = uploadRef.current;
    if (upload) begin(upload);
  }, []);

  /** Stops an unfinished upload and deletes what the server received; forgets a finished one. */
  const discard = useCallback(() => {
    const upload = uploadRef.current;
    uploadRef.current = null;
    if (upload) void upload.abort(Boolean(upload.url) && !finished.current).catch(() => undefined);
    setState(IDLE);
  }, []);

  return { state, start, pause, resume, discard };
}
