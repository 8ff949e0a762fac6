import { csvField, revenueStatementCsv } from './revenue-statement';

describe('csvField', () => {
  test.each([
    ['Quiet', 'Quiet'],
    ['Ocean, Deep', '"Ocean, Deep"'],
    ['Say "cut"', '"Say ""cut"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@me', "'@me"],
    ['', ''],
  ])('%j → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('revenueStatementCsv', () => {
  test('rows in the given order, exact dollars, and a total row summing them', () => {
    const sut = revenueStatementCsv(
      [
        { month: '2026-12', filmId: 7, title: 'A, B', impressions: 3n, revenue: 15_000n, earnings: 8_250n },
        { month: '2026-11', filmId: 7, title: 'A, B', impressions: 1n, revenue: 1_234n, earnings: 678n },
      ],
      '0.55',
    );
    expect(sut).toBe(
      'Month,Film ID,Title,Impressions,Ad revenue (USD),Revenue share,Earnings (USD)\r\n' +
        '2026-12,7,"A, B",3,0.015000,0.55,0.008250\r\n' +
        '2026-11,7,"A, B",1,0.001234,0.55,0.000678\r\n' +
        'Total,,,4,0.016234,0.55,0.008928\r\n',
    );
  });

  test('an empty statement is the header and a zero total', () => {
    expect(revenueStatementCsv([], '0.55').split('\r\n')).toStrictEqual([
      'Month,Film ID,Title,Impressions,Ad revenue (USD),Revenue share,Earnings (USD)',
      'Total,,,0,0.000000,0.55,0.000000',
      '',
    ]);
  });
});
