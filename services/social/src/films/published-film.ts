import { NotFoundException } from '@nestjs/common';
import type { FilmsRepository } from './films.repository';

/** Fails with 404 unless the film is known and published (others are 404, as in the catalog). */
export async function requirePublishedFilm(films: FilmsRepository, filmId: number): Promise<void> {
  if (!(await films.isPublished(filmId))) throw new NotFoundException(`Film ${filmId} not found`);
}
