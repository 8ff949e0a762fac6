import { describe, expect, it } from 'vitest';

import { formatBytes, formatTimeLeft, transferRate } from './upload-format';

describe('upload figures', () => {
  it('formats sizes, time left and the speed over the last seconds', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatTimeLeft(42)).toBe('42 s');
    expect(formatTimeLeft(4320)).toBe('1 h 12 min');
    expect(
      transferRate([
        { at: 0, bytes: 0 },
        { at: 10_000, bytes: 1_000_000 },
        { at: 12_000, bytes: 3_000_000 },
      ]),
    ).toBe(1_000_000);
  });
});
