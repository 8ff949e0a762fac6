import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { CONFIG, OutboxService } from '@kinora/common';
import { UserRegisteredSchema, UserUpdatedSchema } from '@kinora/proto';
import type { Config } from '../config';
import { NotAnImageError, removeStoredAvatar, storeAvatar } from './avatar-image';
import type { UpdateUserDto } from './dto/update-user.dto';
import { User, type UserRole } from './user.entity';
import { UserChanges } from './user-changes';
import type { UserDto } from './dto/user.dto';
import { mapUser, toUserProfile } from './user.mapper';

class UserGone extends Error {}

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly changes: UserChanges,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * The user as GET /api/auth/user and GET /api/auth/session show them, or null for a user who is no
   * longer there; from memory while changes are being followed (a missing user is not cached).
   */
  async current(userId: string): Promise<UserDto | null> {
    try {
      return await this.changes.currentUser(userId, async () => {
        const user = await this.findById(userId);
        if (!user) throw new UserGone();
        return mapUser(user);
      });
    } catch (error) {
      if (error instanceof UserGone) return null;
      throw error;
    }
  }

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
    const user = await this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new UnauthorizedException('Unauthorized');
      if (changes.firstName !== undefined) user.firstName = changes.firstName || null;
      if (changes.lastName !== undefined) user.lastName = changes.lastName || null;
      if (changes.profileImageUrl !== undefined) user.profileImageUrl = changes.profileImageUrl || null;
      await this.publishUpdate(em, user);
      return user;
    });
    this.changes.forget(userId);
    return user;
  }

  /**
   * Stores an uploaded image as the user's avatar (see storeAvatar), sets profileImageUrl to it and
   * publishes auth.user-updated.v1 as a profile edit does; the replaced upload is then removed.
   */
  async replaceAvatar(userId: string, image: Buffer): Promise<User> {
    const current = await this.findById(userId);
    if (!current) throw new UnauthorizedException('Unauthorized');
    let url: string;
    try {
      url = await storeAvatar(image, {
        userId,
        mediaRoot: this.config.MEDIA_ROOT,
        ffmpeg: this.config.FFMPEG_PATH,
      });
    } catch (error) {
      if (error instanceof NotAnImageError) throw new BadRequestException(error.message);
      throw error;
    }
    let previous: string | null | undefined;
    const user = await this.em
      .fork()
      .transactional(async (em) => {
        const locked = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!locked) throw new UnauthorizedException('Unauthorized');
        previous = locked.profileImageUrl;
        locked.profileImageUrl = url;
        await this.publishUpdate(em, locked);
        return locked;
      })
      .catch(async (error: unknown) => {
        await removeStoredAvatar(url, this.config.MEDIA_ROOT);
        throw error;
      });
    this.changes.forget(userId);
    await removeStoredAvatar(previous, this.config.MEDIA_ROOT).catch((error: unknown) =>
      this.logger.warn({ err: error }, 'could not remove a replaced avatar'),
    );
    return user;
  }

  /**
   * Adds a role granted by another context (in the caller's transaction), with the profile that
   * came with it; granting twice is a no-op.
   */
  async grantRole(em: EntityManager, userId: string, role: UserRole, creatorId?: bigint): Promise<void> {
    const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) throw new Error(`unknown user ${userId}`);
    if (creatorId !== undefined && user.creatorId !== String(creatorId)) {
      user.creatorId = String(creatorId);
      await em.flush();
    }
    await this.setRole(em, user, role, true);
  }

  /** Grants or takes away a role of a locked user; false when it already was so (nothing published). */
  async setRole(em: EntityManager, user: User, role: UserRole, granted: boolean): Promise<boolean> {
    if (user.roles.includes(role) === granted) return false;
    user.roles = granted ? [...user.roles, role] : user.roles.filter((held) => held !== role);
    await this.publishUpdate(em, user);
    return true;
  }

  /**
   * The invited critic's account (in the caller's transaction): created with the given names if
   * the address is unknown, else named as given; either way it holds the critic role afterwards.
   * Publishes only what changed, so a second delivery publishes nothing.
   */
  async registerCritic(
    em: EntityManager,
    rawEmail: string,
    names: { firstName: string; lastName: string },
    criticId: string,
  ): Promise<void> {
    const email = rawEmail.trim().toLowerCase();
    const firstName = names.firstName || null;
    const lastName = names.lastName || null;
    const existing = await em.findOne(User, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!existing) {
      const isAdmin = this.config.ADMIN_EMAILS.includes(email);
      const user = em.create(User, { email, isAdmin, firstName, lastName, roles: ['critic'], criticId });
      await em.flush();
      this.outbox.add(em, UserRegisteredSchema, { user: toUserProfile(user) }, user.id);
      return;
    }
    if (existing.criticId !== criticId) {
      existing.criticId = criticId;
      await em.flush();
    }
    const named = existing.firstName === firstName && existing.lastName === lastName;
    if (named && existing.roles.includes('critic')) return;
    existing.firstName = firstName;
    existing.lastName = lastName;
    if (!existing.roles.includes('critic')) existing.roles = [...existing.roles, 'critic'];
    await this.publishUpdate(em, existing);
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
