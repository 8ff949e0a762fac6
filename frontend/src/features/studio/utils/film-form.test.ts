import { describe, expect, it } from 'vitest';

import {
  checkVttText,
  emptyFilmDetails,
  toFilmDetailsInput,
  validateCaptions,
  validateFilmDetails,
  type CaptionDraft,
} from './film-form';

const valid = () => ({
  ...emptyFilmDetails(),
  title: '  Glass Orchard ',
  genre: 'Drama',
  language: 'French',
});

describe('validateFilmDetails', () => {
  it('accepts a complete form and trims what it sends', () => {
    expect(validateFilmDetails(valid())).toStrictEqual({});
    expect(toFilmDetailsInput({ ...valid(), aiNotes: '  ' })).toMatchObject({
      title: 'Glass Orchard',
      aiDisclosure: { tools: [], parts: [], realLikeness: false, likenessConsent: false },
    });
  });

  it('names each missing or out-of-range field', () => {
    const errors = validateFilmDetails({
      ...emptyFilmDetails(),
      title: 'x'.repeat(121),
      releaseYear: '1887',
      realLikeness: true,
    });
    expect(Object.keys(errors).sort()).toStrictEqual([
      'genre',
      'language',
      'likenessConsent',
      'releaseYear',
      'title',
    ]);
    expect(
      validateFilmDetails({ ...valid(), releaseYear: String(new Date().getFullYear() + 2) }),
    ).toHaveProperty('releaseYear');
    expect(validateFilmDetails({ ...valid(), realLikeness: true, likenessConsent: true })).toStrictEqual({});
  });
});

describe('captions', () => {
  const draft = (key: string, language: string, label = 'Label'): CaptionDraft => ({
    key,
    fileName: `${key}.vtt`,
    language,
    label,
    vtt: 'WEBVTT',
  });

  it('wants a language tag, one file per language and a label', () => {
    const { byKey } = validateCaptions([
      draft('a', 'en'),
      draft('b', 'EN'),
      draft('c', 'english!'),
      draft('d', 'pt-BR', ' '),
    ]);
    expect(byKey).toStrictEqual({
      b: 'Two caption files are in EN',
      c: 'Language is a code such as en or pt-BR',
      d: 'Give the captions a label, e.g. English',
    });
    expect(
      validateCaptions(Array.from({ length: 9 }, (_, i) => draft(`k${i}`, `x${String.fromCharCode(97 + i)}`)))
        .list,
    ).toBe('At most 8 caption files');
  });

  it('refuses files that are not WebVTT or larger than 1 MB', () => {
    expect(checkVttText('\uFEFFWEBVTT\n\n', 10)).toBeNull();
    expect(checkVttText('1\n00:00:00,000 --> 00:00:01,000', 10)).toMatch(/not a WebVTT file/);
    expect(checkVttText('WEBVTT', 1024 * 1024 + 1)).toBe('is larger than 1 MB');
  });
});
