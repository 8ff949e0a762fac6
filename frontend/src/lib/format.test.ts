import { describe, expect, it } from 'vitest';

import {
  averageRating,
  countryName,
  formatClock,
  formatCompactCount,
  formatDay,
  formatDollars,
  formatHours,
  formatMonth,
  formatPercent,
  formatShare,
  formatTimeLeft,
  formatWatchTime,
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

  it.each([
    [0, '0h 0m'],
    [40.4, '40s'],
    [59, '59s'],
    [60, '0h 1m'],
    [3725, '1h 2m'],
    [360_000, '100h 0m'],
    [3_600_000 + 60, '1,000h 1m'],
  ])('formats %s seconds watched as %s', (seconds, text) => {
    expect(formatWatchTime(seconds)).toBe(text);
  });

  it('formats hours, dollars, percentages and shares', () => {
    expect(formatHours(5400)).toBe('1.5');
    expect(formatHours(4_500_000)).toBe('1,250');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0.09, 4)).toBe('$0.0900');
    expect(formatDollars(Number.NaN)).toBe('$0.00');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(40)).toBe('40%');
    expect(formatShare(0.834)).toBe('83%');
  });

  it.each([
    [260, '5 min left'],
    [60, '1 min left'],
    [61, '2 min left'],
    [59, '<1 min left'],
    [0, '<1 min left'],
  ])('says %s seconds left as %s', (seconds, text) => {
    expect(formatTimeLeft(seconds)).toBe(text);
  });

  it('formats API days and months in UTC, and country codes as names', () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4');
    expect(formatMonth('2025-10')).toBe('Oct 2025');
    expect(formatDay('soon')).toBe('soon');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('Unknown')).toBe('Unknown');
  });
});
