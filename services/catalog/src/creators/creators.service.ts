import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { isUniqueViolation, OutboxService, type Identity } from '@kinora/common';
import { CreatorRegisteredSchema } from '@kinora/proto';
import { FilmsService } from '../films/films.service';
import { PublicReadCache } from '../reads/public-read-cache';
import { mapCreator, mapCreatorProfile, type CreatorDto, type CreatorProfileDto } from './creator.mapper';
import { CreatorsRepository } from './creators.repository';
import type { CreateCreatorDto } from './dto/create-creator.dto';

/** Films shown with each creator in lists (the Discover scroller). */
const FILMS_PER_CREATOR = 10;

@Injectable()
export class CreatorsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly films: FilmsService,
    private readonly creators: CreatorsRepository,
    private readonly cache: PublicReadCache,
  ) {}

  /** Creators who are not suspended, verified first, then by followers. The same for every caller. */
  list(limit: number, offset: number, viewer: Identity | null): Promise<CreatorDto[]> {
    return this.cache.read(viewer, JSON.stringify(['creators', limit, offset]), () =>
      this.queryList(limit, offset),
    );
  }

  private async queryList(limit: number, offset: number): Promise<CreatorDto[]> {
    const rows = await this.creators.list(limit, offset);
    const films = await this.films.byCreators(
      rows.map((row) => row.id),
      FILMS_PER_CREATOR,
    );
    return rows.map((row) => mapCreator(row, films.get(row.id) ?? []));
  }

  /**
   * The profile page; the creator (and admins) also see their films awaiting review. A suspended
   * creator's page is theirs and the admins' only: for anyone else it does not exist.
   */
  get(id: number, viewer: Identity | null): Promise<CreatorProfileDto> {
    return this.cache.read(viewer, JSON.stringify(['creator', id]), (caller) =>
      this.queryProfile(id, caller),
    );
  }

  private async queryProfile(id: number, viewer: Identity | null): Promise<CreatorProfileDto> {
    const row = await this.creators.find(id);
    const hidden =
      row?.suspended_at != null && !viewer?.roles.includes('admin') && viewer?.userId !== row.user_id;
    if (!row || hidden) throw new NotFoundException(`Creator ${id} not found`);
    const films = await this.films.list({ creatorId: id, sort: 'newest', limit: 100 }, viewer);
    return mapCreatorProfile(row, films);
  }

  /**
   * Creates the caller's creator profile, once. The creator role itself is auth's: it is granted
   * when auth consumes catalog.creator-registered.v1, published in the same transaction.
   */
  async register(userId: string, profile: CreateCreatorDto): Promise<CreatorProfileDto> {
    let id: number;
    try {
      id = await this.em.fork().transactional(async (em) => {
        const created = await this.creators.insert({
          user_id: userId,
          bio: profile.bio,
          website: profile.website ?? null,
          social_links: stripUndefined({ ...profile.socialLinks }),
        });
        if (created === undefined) throw new ConflictException('You already have a creator profile');
        this.outbox.add(
          em,
          CreatorRegisteredSchema,
          { creatorId: BigInt(created), userId, isVerified: false },
          userId,
        );
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException('You already have a creator profile');
      }
      throw error;
    }
    return this.get(id, { userId, roles: ['creator'] });
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
