import { vi } from 'vitest';

/**
 * jsdom has no media playback: play(), pause() and load() are "not implemented" and `paused` is always
 * true. This stands in a minimal element that plays and pauses, with a settable time, duration and volume.
 */
export function stubMediaElement() {
  const state = new WeakMap<HTMLMediaElement, { paused: boolean; time: number; duration: number }>();
  const of = (media: HTMLMediaElement) => {
    let entry = state.get(media);
    if (!entry) {
      entry = { paused: true, time: 0, duration: NaN };
      state.set(media, entry);
    }
    return entry;
  };
  const proto = HTMLMediaElement.prototype;
  const play = vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    of(this).paused = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    of(this).paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(proto, 'load').mockImplementation(() => undefined);
  vi.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).paused;
  });
  vi.spyOn(proto, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).time;
  });
  vi.spyOn(proto, 'currentTime', 'set').mockImplementation(function (this: HTMLMediaElement, value: number) {
    of(this).time = value;
  });
  vi.spyOn(proto, 'duration', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).duration;
  });

  /** Sets the media's duration and announces it, as loading metadata does. */
  const setDuration = (media: HTMLMediaElement, seconds: number) => {
    of(media).duration = seconds;
    media.dispatchEvent(new Event('durationchange'));
  };
  /** Moves the playhead and announces it, as playback does. */
  const setTime = (media: HTMLMediaElement, seconds: number) => {
    of(media).time = seconds;
    media.dispatchEvent(new Event('timeupdate'));
  };

  return { play, pause, setDuration, setTime };
}
