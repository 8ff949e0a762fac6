import type { WatchedRange } from '@/lib/api/types';

/**
 * Two playback positions further apart than this (in film seconds) are a jump, not playback:
 * timeupdate fires about 4 times a second, a background tab's about once, and 2× speed doubles it.
 */
const MAX_PLAYED_STEP_S = 4;
/** The API accepts positions and durations up to a day, and at most 200 ranges per update. */
const MAX_SECONDS = 86_400;
const MAX_RANGES = 200;

const clampSeconds = (value: number) =>
  Math.min(MAX_SECONDS, Math.max(0, Number.isFinite(value) ? value : 0));
/** Tenths of a second are plenty, and keep the JSON short. */
export const roundSeconds = (value: number) => Math.round(clampSeconds(value) * 10) / 10;

/** Sorts and merges touching ranges, then keeps at most MAX_RANGES (the latest). */
function compact(ranges: WatchedRange[]): WatchedRange[] {
  const merged: WatchedRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged.slice(-MAX_RANGES);
}

/**
 * What a viewer actually played of a film, from the video's events: the seconds played (the
 * film's own time, so pauses, buffering, seeks and ads add nothing), the stretches played between
 * two updates (split at every seek or jump), and the pause and seek counts.
 */
export class WatchTracker {
  /** Seconds of the film played so far. */
  watchTime = 0;
  pauseCount = 0;
  seekCount = 0;
  /** The latest known position in the film. */
  position: number;
  private closed: WatchedRange[] = [];
  private open: WatchedRange | null = null;

  constructor(startPosition = 0) {
    this.position = clampSeconds(startPosition);
  }

  /** Playback (re)starts at `time`. */
  resume(time: number): void {
    this.interrupt();
    this.position = clampSeconds(time);
    this.open = { start: this.position, end: this.position };
  }

  /** The playhead reached `time` while the film was playing. */
  played(time: number): void {
    const now = clampSeconds(time);
    const open = this.open;
    if (!open) {
      this.resume(now);
      return;
    }
    const step = now - open.end;
    if (step > 0 && step <= MAX_PLAYED_STEP_S) {
      this.watchTime += step;
      open.end = now;
    } else if (step !== 0) {
      // A jump without a seek event (or backwards): not playback; a new stretch starts here.
      this.resume(now);
    }
    this.position = now;
  }

  /** The playhead moved while not counting (paused, an ad, a seek under way). */
  moved(time: number): void {
    this.position = clampSeconds(time);
  }

  /** The viewer paused. */
  paused(): void {
    this.pauseCount += 1;
    this.interrupt();
  }

  /** The viewer seeked: the stretch played so far ends here. */
  seeked(): void {
    this.seekCount += 1;
    this.interrupt();
  }

  /** Playback stopped counting (the end, an ad, the player closing): closes the open stretch. */
  interrupt(): void {
    if (this.open && this.open.end > this.open.start) this.closed.push(this.open);
    this.open = null;
  }

  /**
   * The stretches played since the previous call, rounded to tenths; an open stretch is cut at its
   * end and goes on from there.
   */
  takeRanges(): WatchedRange[] {
    const ranges = [...this.closed];
    if (this.open && this.open.end > this.open.start) {
      ranges.push({ ...this.open });
      this.open = { start: this.open.end, end: this.open.end };
    }
    this.closed = [];
    return compact(
      ranges
        .map(({ start, end }) => ({ start: roundSeconds(start), end: roundSeconds(end) }))
        .filter(({ start, end }) => end > start),
    );
  }
}
