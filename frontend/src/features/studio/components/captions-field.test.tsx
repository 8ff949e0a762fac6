import { describe, expect, it } from 'vitest';

import { languageFromFileName } from './captions-field';

describe('languageFromFileName', () => {
  it('reads the language tag before .vtt, alone or after the film name', () => {
    expect(languageFromFileName('en.vtt')).toBe('en');
    expect(languageFromFileName('my-film.pt-BR.vtt')).toBe('pt-BR');
    expect(languageFromFileName('subtitles.vtt')).toBe('');
    expect(languageFromFileName('film-en.vtt')).toBe('');
  });
});
