import { GENRES, LANGUAGES } from '@kinora/contracts';
import { useId } from 'react';

import { errorProps, FormField, INPUT } from '@/components/ui/form-field';

import {
  DESCRIPTION_MAX,
  FIRST_RELEASE_YEAR,
  latestReleaseYear,
  TITLE_MAX,
  type FilmDetailsErrors,
  type FilmDetailsValues,
} from '../utils/film-form';

type Props = {
  values: FilmDetailsValues;
  errors: FilmDetailsErrors;
  onChange: (patch: Partial<FilmDetailsValues>) => void;
  onBlur: (field: keyof FilmDetailsValues) => void;
};

/** Title, description, genre, language and release year of a film. */
export function FilmDetailsFields({ values, errors, onChange, onBlur }: Props) {
  const id = useId();
  const field = (name: keyof FilmDetailsValues) => `${id}-${name}`;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id={field('title')} label="Title" error={errors.title} className="sm:col-span-2">
        <input
          id={field('title')}
          value={values.title}
          maxLength={TITLE_MAX + 20}
          onChange={(event) => onChange({ title: event.target.value })}
          onBlur={() => onBlur('title')}
          className={INPUT}
          {...errorProps(field('title'), errors.title)}
        />
      </FormField>
      <FormField
        id={field('description')}
        label="Description"
        error={errors.description}
        hint={`${values.description.length}/${DESCRIPTION_MAX}`}
        className="sm:col-span-2"
      >
        <textarea
          id={field('description')}
          rows={4}
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
          onBlur={() => onBlur('description')}
          className={INPUT}
          {...errorProps(field('description'), errors.description)}
        />
      </FormField>
      <FormField id={field('genre')} label="Genre" error={errors.genre}>
        <select
          id={field('genre')}
          value={values.genre}
          onChange={(event) => onChange({ genre: event.target.value })}
          onBlur={() => onBlur('genre')}
          className={INPUT}
          {...errorProps(field('genre'), errors.genre)}
        >
          <option value="">Choose a genre</option>
          {GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={field('language')} label="Language" error={errors.language}>
        <select
          id={field('language')}
          value={values.language}
          onChange={(event) => onChange({ language: event.target.value })}
          onBlur={() => onBlur('language')}
          className={INPUT}
          {...errorProps(field('language'), errors.language)}
        >
          <option value="">Choose a language</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={field('releaseYear')} label="Release year" error={errors.releaseYear}>
        <input
          id={field('releaseYear')}
          type="number"
          inputMode="numeric"
          min={FIRST_RELEASE_YEAR}
          max={latestReleaseYear()}
          value={values.releaseYear}
          onChange={(event) => onChange({ releaseYear: event.target.value })}
          onBlur={() => onBlur('releaseYear')}
          className={INPUT}
          {...errorProps(field('releaseYear'), errors.releaseYear)}
        />
      </FormField>
    </div>
  );
}
