import { GENRES, LANGUAGES } from '@kinora/contracts';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

import { Field, SelectField, TextareaField } from '@/components/ui/form';

import {
  DESCRIPTION_MAX,
  FIRST_RELEASE_YEAR,
  latestReleaseYear,
  TITLE_MAX,
  type FilmDetailsErrors,
  type FilmDetailsValues,
} from '../utils/film-form';

/**
 * Title, description, genre, language and release year of a film, in the react-hook-form form
 * around them; `errors` are the ones to show (the upload form shows a field's once it was left).
 */
export function FilmDetailsFields({ errors }: { errors: FilmDetailsErrors }) {
  const id = useId();
  const { register } = useFormContext<FilmDetailsValues>();
  const description = useWatch<FilmDetailsValues, 'description'>({ name: 'description' });
  const field = (name: keyof FilmDetailsValues) => ({
    id: `${id}-${name}`,
    error: errors[name],
    ...register(name),
  });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="Title" className="sm:col-span-2" maxLength={TITLE_MAX + 20} {...field('title')} />
      <TextareaField
        label="Description"
        hint={`${description.length}/${DESCRIPTION_MAX}`}
        className="sm:col-span-2"
        rows={4}
        {...field('description')}
      />
      <SelectField label="Genre" placeholder="Choose a genre" options={GENRES} {...field('genre')} />
      <SelectField
        label="Language"
        placeholder="Choose a language"
        options={LANGUAGES}
        {...field('language')}
      />
      <Field
        label="Release year"
        type="number"
        inputMode="numeric"
        min={FIRST_RELEASE_YEAR}
        max={latestReleaseYear()}
        {...field('releaseYear')}
      />
    </div>
  );
}
