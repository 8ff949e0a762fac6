import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Identity } from '@kinora/common';

/** Who may see a creator's figures and revenue: that creator (its user) and admins. */
@Injectable()
export class CreatorAccess {
  constructor(private readonly em: EntityManager) {}

  /** 404 for a creator analytics has not heard of, 403 for anyone else than its user or an admin. */
  async assertVisibleTo(creatorId: number, viewer: Identity): Promise<void> {
    const [row] = await this.em
      .fork()
      .execute<{ user_id: string }[]>(`select user_id from creators where id = ? and user_id <> ''`, [
        creatorId,
      ]);
    if (!row) throw new NotFoundException('Creator not found');
    if (row.user_id !== viewer.userId && !viewer.roles.includes('admin')) {
      throw new ForbiddenException("Only the creator and admins can see a creator's analytics");
    }
  }
}
