/**
 * Throttled progress writes: ffmpeg reports its position many times a second; the database gets a
 * write only when the whole percent changes, and at most one per `minIntervalMs` (a change that
 * comes sooner is written once the interval is over, unless a newer one replaces it first).
 * Writes run one after another; a failed write is dropped (the next one carries the news).
 * Stays below 100 while running: 100 means ready, written with the ready state itself.
 */
export class ProgressWriter {
  private last = -1;
  private lastAt = 0;
  private pending: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly write: (percent: number) => Promise<unknown>,
    private readonly minIntervalMs = 500,
  ) {}

  /** `percent` done (0..100, any precision). */
  report(percent: number): void {
    if (this.closed || !Number.isFinite(percent)) return;
    const value = Math.min(99, Math.max(0, Math.floor(percent)));
    if (value === this.last) {
      this.pending = undefined;
      return;
    }
    const wait = this.lastAt + this.minIntervalMs - Date.now();
    if (wait > 0) {
      this.pending = value;
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        if (this.pending !== undefined) this.flush(this.pending);
      }, wait);
      return;
    }
    this.flush(value);
  }

  /** Stops writing (a pending value is dropped) and waits for the write in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  private flush(value: number): void {
    this.pending = undefined;
    if (this.closed || value === this.last) return;
    this.last = value;
    this.lastAt = Date.now();
    this.chain = this.chain
      .then(() => this.write(value))
      .then(
        () => undefined,
        () => undefined,
      );
  }
}
