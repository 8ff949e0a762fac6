import { describe, expect, it } from 'vitest';

import type { ListEntry } from '@/lib/api/types';

import { filmLengthSeconds, watchProgress } from './watch-progress';

const entry = (progressSeconds: number, durationSeconds: number | null, durationMinutes: number | null) =>
  ({
    id: 1,
    filmId: 3,
    listType: 'continue_watching',
    createdAt: '2025-03-04T10:00:00.000Z',
    progressSeconds,
    durationSeconds,
    film: {
      id: 3,
      title: 'Sombra Binaria',
      genre: 'Thriller',
      durationMinutes,
      posterUrl: null,
      creatorId: 4,
    },
  }) satisfies ListEntry;

describe('watchProgress', () => {
  it("uses the film's exact length: 40 s of a 300 s film leaves 5 minutes", () => {
    expect(watchProgress(entry(40, 300, 5))).toStrictEqual({ timeLeft: '5 min left', fraction: 40 / 300 });
  });

  it('says "<1 min left" under a minute, never "0 min left"', () => {
    expect(watchProgress(entry(280, 300, 5)).timeLeft).toBe('<1 min left');
    expect(watchProgress(entry(20, 45, 1)).timeLeft).toBe('<1 min left');
    expect(watchProgress(entry(300, 300, 5)).timeLeft).toBe('<1 min left');
  });

  it("falls back to the film's minutes, then to a bar that fills at 30 minutes", () => {
    expect(watchProgress(entry(600, null, 12))).toStrictEqual({
      timeLeft: '2 min left',
      fraction: 600 / 720,
    });
    expect(watchProgress(entry(900, 0, null))).toStrictEqual({ timeLeft: null, fraction: 0.5 });
    expect(filmLengthSeconds(entry(0, null, null))).toBeNull();
  });
});
