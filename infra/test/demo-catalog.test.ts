/**
 * The demo catalog (infra/seed/demo-catalog.json) speaks the product's vocabulary: every film's
 * genre and language is one of @kinora/contracts' lists, and every genre has a film.
 *
 *   node --import tsx --test infra/test/demo-catalog.test.ts
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { GENRES, LANGUAGES } from '@kinora/contracts';

interface DemoCatalog {
  films: { title: string; genre: string; language: string }[];
}

const catalog = JSON.parse(
  readFileSync(join(__dirname, '..', 'seed', 'demo-catalog.json'), 'utf8'),
) as DemoCatalog;

describe('demo catalog', () => {
  test('every film has a known genre and language', () => {
    const genres: readonly string[] = GENRES;
    const languages: readonly string[] = LANGUAGES;
    const unknown = catalog.films
      .filter((film) => !genres.includes(film.genre) || !languages.includes(film.language))
      .map((film) => `${film.title}: ${film.genre}, ${film.language}`);
    assert.deepEqual(unknown, []);
  });

  test('every genre has at least one film', () => {
    const missing = GENRES.filter((genre) => !catalog.films.some((film) => film.genre === genre));
    assert.deepEqual(missing, []);
  });
});
