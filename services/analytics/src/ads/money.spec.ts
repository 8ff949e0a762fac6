import { usd, usdText } from './money';

describe('ad money', () => {
  test('micro-dollars become dollars once, at the end', () => {
    expect(usd(5_000n)).toBe(0.005);
    expect(usd('1250500000')).toBe(1250.5);
    expect(usd(null)).toBe(0);
    expect(usd(999_999n + 1n)).toBe(1);
  });

  test('statements print exact dollars with six decimals', () => {
    expect(usdText(0n)).toBe('0.000000');
    expect(usdText(2_750n)).toBe('0.002750');
    expect(usdText(12_345_678_901n)).toBe('12345.678901');
    expect(usdText(-5n)).toBe('-0.000005');
  });
});
