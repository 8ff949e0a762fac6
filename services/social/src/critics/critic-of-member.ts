import { ForbiddenException } from '@nestjs/common';
import type { CriticsRepository } from './critics.repository';

/**
 * The critic profile of a signed-in member: the one made for their account's address. Fails with
 * 403 when there is none (the critic role alone is not a profile).
 */
export async function requireCriticOf(critics: CriticsRepository, userId: string): Promise<number> {
  const id = await critics.idOfMember(userId);
  if (id === undefined) throw new ForbiddenException('No critic profile belongs to this account');
  return id;
}
