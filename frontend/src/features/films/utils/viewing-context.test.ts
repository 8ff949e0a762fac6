import { afterEach, describe, expect, it, vi } from 'vitest';

import { newSessionId, viewingDeviceType } from './viewing-context';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('viewingDeviceType', () => {
  it.each([
    [IPHONE, 390, 5, 'mobile'],
    [ANDROID_PHONE, 412, 5, 'mobile'],
    [IPAD, 820, 5, 'tablet'],
    [ANDROID_TABLET, 1280, 10, 'tablet'],
    // iPadOS asks for the desktop site: a Mac with a touch screen.
    [MAC, 1024, 5, 'tablet'],
    [MAC, 1440, 0, 'desktop'],
    [WINDOWS, 1920, 0, 'desktop'],
    [WINDOWS, 600, 10, 'mobile'],
    [WINDOWS, 900, 10, 'tablet'],
    [WINDOWS, 600, 0, 'desktop'],
  ] as const)('%s at %i px with %i touch points is %s', (agent, width, touch, type) => {
    expect(viewingDeviceType(agent, width, touch)).toBe(type);
  });
});

describe('newSessionId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a version 4 UUID, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newSessionId()).toMatch(uuid);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const first = newSessionId();
    expect(first).toMatch(uuid);
    expect(newSessionId()).not.toBe(first);
  });
});
