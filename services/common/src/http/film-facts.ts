/**
 * A film's descriptive columns as catalog's films and admin's review queue both store them; the
 * release year is unknown (null) only in the queue.
 */
export interface FilmFactsRow<ReleaseYear extends number | null = number | null> {
  title: string;
  description: string;
  genre: string;
  language: string;
  duration_minutes: number;
  release_year: ReleaseYear;
}

/** Those columns under the names the API gives them, for a film DTO's mapper to spread. */
export function filmFacts<ReleaseYear extends number | null>(row: FilmFactsRow<ReleaseYear>) {
  return {
    title: row.title,
    description: row.description,
    genre: row.genre,
    language: row.language,
    duration: row.duration_minutes,
    releaseYear: row.release_year,
  };
}
