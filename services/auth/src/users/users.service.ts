import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { CONFIG, OutboxService } from '@kinora/common';
import { UserRegisteredSchema, UserUpdatedSchema } from '@kinora/proto';
import type { Config } from '../config';
import type { UpdateUserDto } from './dto/update-user.dto';
import { User, type UserRole } from './user.entity';
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
   * The user signing in with this address, inside the caller's transaction: created (and
   * auth.user-registered.v1 published) on first sign-in; admin rights follow ADMIN_EMAILS.
   */
  async signIn(em: EntityManager, rawEmail: string): Promise<User> {
    const email = rawEmail.trim().toLowerCase();
    const isAdmin = this.config.ADMIN_EMAILS.includes(email);
    const existing = await em.findOne(User, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!existing) {
      const user = em.create(User, { email, isAdmin });
      await em.flush();
      this.outbox.add(em, UserRegisteredSchema, { user: toUserProfile(user) }, user.id);
      return user;
    }
    if (existing.isAdmin !== isAdmin) {
      existing.isAdmin = isAdmin;
      await this.publishUpdate(em, existing);
    }
    return existing;
  }

  /** Same as signing in for the first time, in a transaction of its own (tests, seeding). */
  findOrRegister(email: string): Promise<User> {
    return this.em.fork().transactional((em) => this.signIn(em, email));
  }

  async update(userId: string, changes: UpdateUserDto): Promise<User> {
    return this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new UnauthorizedException('Unauthorized');
      if (changes.firstName !== undefined) user.firstName = changes.firstName || null;
      if (changes.lastName !== undefined) user.lastName = changes.lastName || null;
      if (changes.profileImageUrl !== undefined) user.profileImageUrl = changes.profileImageUrl || null;
      await this.publishUpdate(em, user);
      return user;
    });
  }

  /** Adds a role granted by another context (in the caller's transaction); granting twice is a no-op. */
  async grantRole(em: EntityManager, userId: string, role: UserRole): Promise<void> {
    const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) throw new Error(`unknown user ${userId}`);
    if (user.roles.includes(role)) return;
    user.roles = [...user.roles, role];
    await this.publishUpdate(em, user);
  }

  /** Bumps the version and publishes the whole new state, in the same transaction. */
  private async publishUpdate(em: EntityManager, user: User): Promise<void> {
    user.version = (BigInt(user.version) + 1n).toString();
    user.updatedAt = new Date();
    await em.flush();
    this.outbox.add(
      em,
      UserUpdatedSchema,
      { user: toUserProfile(user), version: BigInt(user.version) },
      user.id,
    );
  }
}
