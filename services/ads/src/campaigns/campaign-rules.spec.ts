import { effectiveStatus, impressionPriceMicros, pacingStatus, toDollars, toMicros } from './campaign-rules';

const day = 86_400_000;
const campaign = {
  budgetMicros: 100_000_000n,
  startsAt: new Date('2026-12-01T00:00:00Z'),
  endsAt: new Date('2026-12-11T00:00:00Z'),
};
const at = (days: number) => new Date(campaign.startsAt.getTime() + days * day);

describe('money', () => {
  test('dollars and micro-dollars', () => {
    expect(toMicros(1234.56)).toBe(1_234_560_000n);
    expect(toMicros(0.1)).toBe(100_000n);
    expect(toDollars(7_500_000n)).toBe(7.5);
    expect(toDollars('1000000000000')).toBe(1_000_000);
  });

  test('an impression charges CPM / 1000', () => {
    expect(impressionPriceMicros(toMicros(5))).toBe(5_000n);
    expect(impressionPriceMicros(toMicros(0.1))).toBe(100n);
  });
});

describe('pacing status', () => {
  test('within ±10 % of budget × elapsed / flight is on pace', () => {
    // Half-way through a $100 flight: $50 expected.
    expect(pacingStatus(campaign, 50_000_000n, at(5))).toBe('on_pace');
    expect(pacingStatus(campaign, 45_000_000n, at(5))).toBe('on_pace');
    expect(pacingStatus(campaign, 55_000_000n, at(5))).toBe('on_pace');
    expect(pacingStatus(campaign, 44_999_999n, at(5))).toBe('behind');
    expect(pacingStatus(campaign, 55_000_001n, at(5))).toBe('ahead');
  });

  test('before and after the flight', () => {
    expect(pacingStatus(campaign, 0n, at(-1))).toBe('not_started');
    expect(pacingStatus(campaign, 0n, at(10))).toBe('ended');
    expect(pacingStatus(campaign, 0n, at(0))).toBe('on_pace');
  });

  test('a campaign past its end is served as ended', () => {
    expect(effectiveStatus('active', campaign.endsAt, at(10))).toBe('ended');
    expect(effectiveStatus('paused', campaign.endsAt, at(9))).toBe('paused');
  });
});
