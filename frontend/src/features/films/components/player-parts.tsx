import { AlertTriangle, Play } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatClock } from '@/lib/format';

/** Small pieces of the player overlay (film-player.tsx). */

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Keys typed into a text field belong to the field, not to the player. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

export const isRange = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && target.type === 'range';

export const roundVolume = (value: number) => Math.min(1, Math.max(0, Math.round(value * 10) / 10));

export function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white/90 transition hover:bg-white/15 hover:text-white [&_svg]:pointer-events-none"
    >
      {children}
    </button>
  );
}

/** Shown instead of a video when the film has none yet. */
export function DemoPlaceholder({ title, creatorName }: { title: string; creatorName: string }) {
  return (
    <div
      data-testid="player-demo"
      className="absolute inset-0 flex animate-gradient-pan items-center justify-center bg-[linear-gradient(120deg,#1e1b4b,#7c2d12,#0f766e,#581c87,#1e1b4b)] bg-[length:400%_400%]"
    >
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,transparent_30%,rgb(0_0_0/0.65))]" />
      <div className="relative mx-4 max-w-lg text-center">
        <p className="text-sm font-semibold tracking-[0.2em] text-white/70 uppercase">{creatorName}</p>
        <p className="mt-3 text-4xl font-black tracking-tight text-balance md:text-6xl">{title}</p>
        <p className="mt-6 inline-flex rounded-full border border-white/20 bg-black/40 px-4 py-2 text-sm font-medium text-white/85 backdrop-blur">
          Demo preview — this film has no video yet
        </p>
      </div>
    </div>
  );
}

/** The middle of the player: the playback error with Try again, a spinner, or a big play button while paused. */
export function PlayerStatus({
  error,
  busy,
  paused,
  onRetry,
  onClose,
  onPlay,
}: {
  error: string | null;
  /** Buffering, or held for an ad break. */
  busy: boolean;
  paused: boolean;
  onRetry: () => void;
  onClose: () => void;
  onPlay: () => void;
}) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
      {error ? (
        <div
          role="alert"
          className="pointer-events-auto mx-4 max-w-md rounded-2xl border border-white/10 bg-black/80 p-6 text-center backdrop-blur"
        >
          <AlertTriangle className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
          <p className="text-lg font-semibold">This film can't be played right now.</p>
          <p className="mt-1 text-sm text-white/70">{error}</p>
          <div className="mt-5 flex justify-center gap-3">
            <Button onClick={onRetry}>Try again</Button>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : busy ? (
        <Spinner
          label="Loading video"
          className="[&>span:first-child]:size-14 [&>span:first-child]:border-4"
        />
      ) : paused ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={onPlay}
          className="pointer-events-auto inline-flex size-20 items-center justify-center rounded-full bg-black/50 ring-1 ring-white/30 backdrop-blur transition hover:scale-105 hover:bg-accent hover:text-accent-fg"
        >
          <Play className="size-9 translate-x-0.5 fill-current" />
        </button>
      ) : null}
    </div>
  );
}

/** The film's seek bar: played and buffered parts, a thumb, and a range input over them. */
export function SeekBar({
  currentTime,
  duration,
  bufferedEnd,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  onSeek: (seconds: number) => void;
}) {
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  const buffered = duration > 0 ? Math.min(100, (bufferedEnd / duration) * 100) : 0;
  return (
    <div className="group/seek relative mb-3 flex h-4 items-center">
      <div className="relative h-1 w-full overflow-hidden rounded-full bg-white/20 transition-[height] group-hover/seek:h-1.5">
        <div className="absolute inset-y-0 left-0 bg-white/35" style={{ width: `${buffered}%` }} />
        <div className="absolute inset-y-0 left-0 bg-accent" style={{ width: `${progress}%` }} />
      </div>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-accent shadow ring-2 ring-black/40 transition-transform group-hover/seek:scale-110"
        style={{ left: `${progress}%` }}
      />
      <input
        type="range"
        aria-label="Seek"
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(currentTime, duration || 0)}
        aria-valuetext={`${formatClock(currentTime)} of ${formatClock(duration)}`}
        disabled={!duration}
        onChange={(event) => onSeek(Number(event.target.value))}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-default"
      />
    </div>
  );
}
