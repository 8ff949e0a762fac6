import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { AdPlacement, SelectedAd } from '@/lib/api/types';

import { jsonResponse } from './test-utils';

export const AD_PLACEMENTS = (filmId: number) => `GET /api/ads/placements/${filmId}`;
export const SELECT_AD = 'POST /api/ads/select';
export const RECORD_AD_VIEW = 'POST /api/ads/view';

/** mockFetch handlers for a film without ad breaks: the player opens and the film starts at once. */
export const noAdBreaksHandlers = (filmId: number) => ({
  [AD_PLACEMENTS(filmId)]: () => jsonResponse([] satisfies AdPlacement[]),
});

export const makeSelectedAd = (overrides: Partial<SelectedAd> = {}): SelectedAd => ({
  id: 41,
  campaignId: 7,
  title: 'Aurora Headphones',
  description: 'Hear every frame.',
  advertiserName: 'Aurora Audio',
  videoUrl: '/media/ads/aurora/master.m3u8',
  duration: 20,
  clickUrl: 'https://aurora.example/headphones',
  placementType: 'pre_roll',
  position: 0,
  token: 'ad-token-1',
  ...overrides,
});

/**
 * Lets the player settle: the lazily imported hls.js, the ad placements (TanStack Query tells its
 * observers on a 0 ms timer) and what follows from them. Works with real and fake timers.
 */
export async function settlePlayer(rounds = 3) {
  for (let round = 0; round < rounds; round += 1) {
    await act(async () => {
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
      else await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}
