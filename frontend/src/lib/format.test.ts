import { describe, expect, it } from 'vitest';

import {
  averageRating,
  formatClock,
  formatCompactCount,
  formatRatingOutOfFive,
  formatRelativeTime,
  formatViews,
  starsOutOfFive,
} from './format';
import { parsePositiveId } from './route-params';

describe('format', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [600, '10:00'],
    [3725, '62:05'],
    [NaN, '0:00'],
    [-3, '0:00'],
  ])('formats %s seconds as %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });

  it('halves ratings out of 10 to the nearest half star', () => {
    expect(starsOutOfFive('7.0')).toBe(3.5);
    expect(starsOutOfFive('8.4')).toBe(4);
    expect(starsOutOfFive('8.5')).toBe(4.5);
    expect(starsOutOfFive('0.0')).toBe(0);
    expect(starsOutOfFive('10.0')).toBe(5);
    expect(starsOutOfFive('nonsense')).toBe(0);
    expect(formatRatingOutOfFive('7.4')).toBe('3.7');
  });

  it('averages the rated films to one decimal, ignoring unrated ones', () => {
    expect(averageRating(['8.0', '7.5', '0.0'])).toBe(7.8);
    expect(averageRating(['6.0'])).toBe(6);
    expect(averageRating(['0.0'])).toBeNull();
    expect(averageRating([])).toBeNull();
  });

  it('shortens counts', () => {
    expect(formatCompactCount(950)).toBe('950');
    expect(formatCompactCount(1234)).toBe('1.2K');
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(2_500_000)).toBe('2.5M views');
  });

  it.each([
    ['12', 12],
    ['1', 1],
    ['0', null],
    ['-1', null],
    ['abc', null],
    ['1.5', null],
    ['12abc', null],
    ['007', null],
    ['99999999999999999999', null],
    [undefined, null],
  ])('parses the route id %s as %s', (raw, id) => {
    expect(parsePositiveId(raw)).toBe(id);
  });

  it('formats how long ago a time was', () => {
    const now = Date.parse('2025-03-10T12:00:00.000Z');
    const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(15 * 86_400), now)).toBe('2 weeks ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
