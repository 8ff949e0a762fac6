import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Identity } from '@kinora/common';
import { CreatorsRepository } from './creators.repository';

/** Who may see a creator's figures and revenue: that creator (its user) and admins. */
@Injectable()
export class CreatorAccess {
  constructor(private readonly creators: CreatorsRepository) {}

  /** 404 for a creator analytics has not heard of, 403 for anyone else than its user or an admin. */
  async assertVisibleTo(creatorId: number, viewer: Identity): Promise<void> {
    const userId = await this.creators.userOf(creatorId);
    if (userId === undefined) throw new NotFoundException('Creator not found');
    if (userId !== viewer.userId && !viewer.roles.includes('admin')) {
      throw new ForbiddenException("Only the creator and admins can see a creator's analytics");
    }
  }
}
