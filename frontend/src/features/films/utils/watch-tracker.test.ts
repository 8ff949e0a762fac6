import { describe, expect, it } from 'vitest';

import { WatchTracker } from './watch-tracker';

/** Plays from `from` to `to` in quarter seconds, as timeupdate reports it. */
const play = (tracker: WatchTracker, from: number, to: number) => {
  for (let time = from; time <= to + 1e-9; time += 0.25) tracker.played(time);
};

describe('WatchTracker', () => {
  it('counts the seconds played, not the time passed, and reports them as one stretch', () => {
    const tracker = new WatchTracker();
    tracker.resume(0);
    play(tracker, 0, 12);
    expect(tracker.watchTime).toBeCloseTo(12);
    expect(tracker.takeRanges()).toStrictEqual([{ start: 0, end: 12 }]);
    // The next update carries on from where the previous one stopped.
    play(tracker, 12, 20);
    expect(tracker.takeRanges()).toStrictEqual([{ start: 12, end: 20 }]);
    expect(tracker.takeRanges()).toStrictEqual([]);
  });

  it('splits the stretches at a seek and counts seeks and pauses', () => {
    const tracker = new WatchTracker();
    tracker.resume(0);
    play(tracker, 0, 10);
    tracker.seeked();
    tracker.moved(60);
    tracker.resume(60);
    play(tracker, 60, 65);
    tracker.paused();
    expect(tracker.takeRanges()).toStrictEqual([
      { start: 0, end: 10 },
      { start: 60, end: 65 },
    ]);
    expect(tracker.watchTime).toBeCloseTo(15);
    expect(tracker.seekCount).toBe(1);
    expect(tracker.pauseCount).toBe(1);
    expect(tracker.position).toBe(65);
  });

  it('treats a jump without a seek event as a new stretch, not as time watched', () => {
    const tracker = new WatchTracker(30);
    play(tracker, 30, 32);
    tracker.played(300);
    play(tracker, 300, 301);
    expect(tracker.watchTime).toBeCloseTo(3);
    expect(tracker.takeRanges()).toStrictEqual([
      { start: 30, end: 32 },
      { start: 300, end: 301 },
    ]);
  });

  it('merges stretches that touch and keeps at most 200 per update', () => {
    const tracker = new WatchTracker();
    for (let index = 0; index < 250; index += 1) {
      tracker.resume(index * 10);
      tracker.played(index * 10 + 1);
      tracker.interrupt();
    }
    const ranges = tracker.takeRanges();
    expect(ranges).toHaveLength(200);
    expect(ranges.at(-1)).toStrictEqual({ start: 2490, end: 2491 });

    tracker.resume(0);
    tracker.played(1);
    tracker.resume(1);
    tracker.played(2);
    expect(tracker.takeRanges()).toStrictEqual([{ start: 0, end: 2 }]);
  });
});
