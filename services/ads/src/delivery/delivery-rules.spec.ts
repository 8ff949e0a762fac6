import { NO_TARGETING } from '../campaigns/campaign-rules';
import { placementsOf, placementTypeAt, targetingMatches, type ViewerProfile } from './delivery-rules';
import { vastDuration } from './vast';

describe('placements', () => {
  const positions = (seconds: number) => placementsOf(seconds).map((p) => `${p.position}:${p.placementType}`);

  test('under 2 minutes: a pre-roll and a post-roll only', () => {
    expect(positions(90)).toEqual(['0:pre_roll', '90:post_roll']);
    expect(positions(119.9)).toEqual(['0:pre_roll', '119:post_roll']);
  });

  test('2 to 10 minutes: one mid-roll at half', () => {
    expect(positions(120)).toEqual(['0:pre_roll', '60:mid_roll', '120:post_roll']);
    expect(positions(300)).toEqual(['0:pre_roll', '150:mid_roll', '300:post_roll']);
    expect(positions(599.5)).toEqual(['0:pre_roll', '299:mid_roll', '599:post_roll']);
  });

  test('10 minutes and more: a mid-roll every 5 minutes before 90 %', () => {
    expect(positions(600)).toEqual(['0:pre_roll', '300:mid_roll', '600:post_roll']);
    expect(positions(1500)).toEqual([
      '0:pre_roll',
      '300:mid_roll',
      '600:mid_roll',
      '900:mid_roll',
      '1200:mid_roll',
      '1500:post_roll',
    ]);
    // 90 % of 1000 s is 900 s: the break at 900 would be a post-roll, so the mid-rolls stop before.
    expect(positions(1000)).toEqual(['0:pre_roll', '300:mid_roll', '600:mid_roll', '1000:post_roll']);
  });

  test('a film of unknown length has its pre-roll', () => {
    expect(positions(0)).toEqual(['0:pre_roll']);
  });

  test('the type follows the position', () => {
    expect(placementTypeAt(0, 100)).toBe('pre_roll');
    expect(placementTypeAt(0.5, 100)).toBe('mid_roll');
    expect(placementTypeAt(89.9, 100)).toBe('mid_roll');
    expect(placementTypeAt(90, 100)).toBe('post_roll');
    expect(placementTypeAt(100, 100)).toBe('post_roll');
  });
});

describe('targeting', () => {
  const viewer: ViewerProfile = {
    genre: 'Drama',
    country: 'GB',
    deviceType: 'mobile',
    age: null,
    interests: [],
  };

  test('empty lists and no age range match everyone', () => {
    expect(targetingMatches(NO_TARGETING, viewer)).toBe(true);
  });

  test('each list must hold the viewer’s value, case-insensitively', () => {
    expect(targetingMatches({ ...NO_TARGETING, genres: ['drama'] }, viewer)).toBe(true);
    expect(targetingMatches({ ...NO_TARGETING, genres: ['Comedy'] }, viewer)).toBe(false);
    expect(targetingMatches({ ...NO_TARGETING, countries: ['US', 'GB'] }, viewer)).toBe(true);
    expect(targetingMatches({ ...NO_TARGETING, countries: ['US'] }, viewer)).toBe(false);
    expect(targetingMatches({ ...NO_TARGETING, deviceTypes: ['desktop'] }, viewer)).toBe(false);
  });

  test('an age range or interests match only viewers who declared them', () => {
    const ranged = { ...NO_TARGETING, ageMin: 18, ageMax: 30 };
    expect(targetingMatches(ranged, viewer)).toBe(false);
    expect(targetingMatches(ranged, { ...viewer, age: 18 })).toBe(true);
    expect(targetingMatches(ranged, { ...viewer, age: 31 })).toBe(false);
    expect(targetingMatches({ ...NO_TARGETING, ageMin: 40 }, { ...viewer, age: 60 })).toBe(true);
    const interested = { ...NO_TARGETING, interests: ['Cars', 'travel'] };
    expect(targetingMatches(interested, viewer)).toBe(false);
    expect(targetingMatches(interested, { ...viewer, interests: ['cooking', 'cars'] })).toBe(true);
  });
});

test('VAST durations are HH:MM:SS.mmm', () => {
  expect(vastDuration(15)).toBe('00:00:15.000');
  expect(vastDuration(90.25)).toBe('00:01:30.250');
  expect(vastDuration(3_725.5)).toBe('01:02:05.500');
});
