import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';

/** Fails with 404 unless the film is known and published (others are 404, as in the catalog). */
export async function requirePublishedFilm(em: EntityManager, filmId: number): Promise<void> {
  const [film] = await em.execute<unknown[]>(`select 1 from films where id = ? and status = 'published'`, [
    filmId,
  ]);
  if (!film) throw new NotFoundException(`Film ${filmId} not found`);
}
