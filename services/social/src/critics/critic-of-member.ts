import type { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException } from '@nestjs/common';

/**
 * The critic profile of a signed-in member: the one made for their account's address. Fails with
 * 403 when there is none (the critic role alone is not a profile).
 */
export async function requireCriticOf(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    'select c.id from critics c join known_users u on u.email = c.email where u.id = ?',
    [userId],
  );
  if (!row) throw new ForbiddenException('No critic profile belongs to this account');
  return row.id;
}
