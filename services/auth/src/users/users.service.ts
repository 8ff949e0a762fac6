import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, OutboxService } from '@kinora/common';
import { UserRegisteredSchema } from '@kinora/proto';
import type { Config } from '../config';
import { User } from './user.entity';
import { toUserProfile } from './user.mapper';

@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  findById(id: string): Promise<User | null> {
    return this.em.fork().findOne(User, { id });
  }

  /**
   * Returns the user with this address, creating it on first sign-in. Creation and the
   * auth.user-registered.v1 event commit together.
   */
  async findOrRegister(rawEmail: string): Promise<{ user: User; created: boolean }> {
    const email = rawEmail.trim().toLowerCase();
    return this.em.fork().transactional(async (em) => {
      const existing = await em.findOne(User, { email });
      if (existing) return { user: existing, created: false };
      const user = em.create(User, { email, isAdmin: this.config.ADMIN_EMAILS.includes(email) });
      await em.flush();
      // A concurrent first sign-in of the same address loses on the unique email and retries as "existing".
      this.outbox.add(em, UserRegisteredSchema, { user: toUserProfile(user) }, user.id);
      return { user, created: true };
    });
  }
}
