import { isoTimestamp, mapPosterSources } from './film.mapper';

/** A timestamptz as PostgreSQL writes it in a UTC session: fraction without trailing zeros. */
function postgresText(epochMicros: number): string {
  const date = new Date(Math.floor(epochMicros / 1000));
  const micros = String(epochMicros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  const [day, time] = date.toISOString().split('T') as [string, string];
  return `${day} ${time.slice(0, 8)}${micros ? `.${micros}` : ''}+00`;
}

describe('isoTimestamp', () => {
  test('gives what Date.toISOString() gives, milliseconds truncated', () => {
    for (const text of [
      '2026-11-24 12:19:47+00',
      '2026-11-24 12:19:47.5+00',
      '2026-11-24 12:19:47.05+00',
      '2026-11-24 12:19:47.533123+00',
      '2026-11-24 12:19:47.999999+00',
      '1999-12-31 23:59:59.9995+00',
    ]) {
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
    expect(isoTimestamp('2026-11-24 12:19:47.533123+00')).toBe('2026-11-24T12:19:47.533Z');
  });

  test('agrees with Date on many generated timestamps', () => {
    // mulberry32: the same numbers on every run.
    let seed = 42;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    for (let i = 0; i < 5000; i++) {
      // 1970 to 2100, any microsecond, often on whole seconds and milliseconds.
      let micros = Math.floor(next() * 4_102_444_800) * 1_000_000;
      const precision = next();
      if (precision > 0.66) micros += Math.floor(next() * 1_000_000);
      else if (precision > 0.33) micros += Math.floor(next() * 1000) * 1000;
      const text = postgresText(micros);
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
  });

  test('other offsets, eras and Date values go through Date', () => {
    for (const text of [
      '2026-11-24 12:19:47.123456+05:30',
      '2026-11-24 14:19:47-02',
      '2026-11-24 12:19:47+01',
    ]) {
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
    const date = new Date('2026-11-24T12:19:47.533Z');
    expect(isoTimestamp(date)).toBe('2026-11-24T12:19:47.533Z');
  });
});

describe('mapPosterSources', () => {
  test('lists the WebP variants beside the poster, narrowest first', () => {
    expect(mapPosterSources('/media/films/7/poster.jpg', [480, 160])).toStrictEqual([
      { url: '/media/films/7/poster-160.webp', width: 160, height: 240, type: 'image/webp' },
      { url: '/media/films/7/poster-480.webp', width: 480, height: 720, type: 'image/webp' },
    ]);
  });

  test('a film without variants (transcoded before them) or without a poster has none', () => {
    expect(mapPosterSources('/media/films/7/poster.jpg', [])).toStrictEqual([]);
    expect(mapPosterSources('/media/films/7/poster.jpg', null)).toStrictEqual([]);
    expect(mapPosterSources(null, [160, 240])).toStrictEqual([]);
  });
});
