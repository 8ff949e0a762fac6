import { vi } from 'vitest';

/**
 * A stand-in for hls.js in the player's tests (jsdom plays no video): it records what the player
 * asks of it, and a test fires its error events through `listeners`. A test file installs it with
 *
 *   vi.mock('hls.js/light', async () => ({ default: (await import('@/testing/fake-hls')).FakeHls }));
 *
 * and reads the instances the player made from `hls.instances`.
 */
export type HlsListener = (event: string, data: { fatal: boolean; type: string; details: string }) => void;

export class FakeHls {
  static isSupported = () => true;
  static Events = { ERROR: 'hlsError' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
  listeners = new Map<string, HlsListener>();
  loadSource = vi.fn();
  attachMedia = vi.fn();
  destroy = vi.fn();
  recoverMediaError = vi.fn();
  constructor(readonly config: unknown) {
    hls.instances.push(this);
  }
  on(event: string, listener: HlsListener) {
    this.listeners.set(event, listener);
  }
}

export const hls = { instances: [] as FakeHls[] };
