import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService, type Identity } from '@kinora/common';
import { CreatorRegisteredSchema } from '@kinora/proto';
import { FilmsService } from '../films/films.service';
import { PreparedReads } from '../reads/prepared-reads';
import { PublicReadCache } from '../reads/public-read-cache';
import {
  mapCreator,
  mapCreatorProfile,
  type CreatorDto,
  type CreatorProfileDto,
  type CreatorRow,
} from './creator.mapper';
import type { CreateCreatorDto } from './dto/create-creator.dto';

const CREATOR_SELECT = `
  select c.id, c.user_id, c.bio, c.website, c.social_links, c.is_verified, c.follower_count, c.created_at,
         u.first_name, u.last_name, u.profile_image_url, u.email,
         coalesce(s.film_count, 0)::int as film_count, coalesce(s.total_views, 0) as total_views, s.average_rating
    from creators c
    left join known_users u on u.id = c.user_id
    left join lateral (
      select count(*) as film_count, sum(view_count) as total_views,
             avg(rating) filter (where rating_count > 0) as average_rating
        from films where creator_id = c.id and status = 'published'
    ) s on true`;

/** Films shown with each creator in lists (the Discover scroller). */
const FILMS_PER_CREATOR = 10;

@Injectable()
export class CreatorsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly films: FilmsService,
    private readonly reads: PreparedReads,
    private readonly cache: PublicReadCache,
  ) {}

  /** Verified creators first, then by followers. The same for every caller. */
  list(limit: number, offset: number, viewer: Identity | null): Promise<CreatorDto[]> {
    return this.cache.read(viewer, JSON.stringify(['creators', limit, offset]), () =>
      this.queryList(limit, offset),
    );
  }

  private async queryList(limit: number, offset: number): Promise<CreatorDto[]> {
    const rows = await this.reads.rows<CreatorRow>(
      `${CREATOR_SELECT} order by c.is_verified desc, c.follower_count desc, c.id limit ? offset ?`,
      [limit, offset],
    );
    const films = await this.films.byCreators(
      rows.map((row) => row.id),
      FILMS_PER_CREATOR,
    );
    return rows.map((row) => mapCreator(row, films.get(row.id) ?? []));
  }

  /** The profile page; the creator (and admins) also see their films awaiting review. */
  get(id: number, viewer: Identity | null): Promise<CreatorProfileDto> {
    return this.cache.read(viewer, JSON.stringify(['creator', id]), (caller) =>
      this.queryProfile(id, caller),
    );
  }

  private async queryProfile(id: number, viewer: Identity | null): Promise<CreatorProfileDto> {
    const [row] = await this.reads.rows<CreatorRow>(`${CREATOR_SELECT} where c.id = ?`, [id]);
    if (!row) throw new NotFoundException(`Creator ${id} not found`);
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
        const [created] = await em.execute<{ id: number }[]>(
          `insert into creators (user_id, bio, website, social_links) values (?, ?, ?, ?::jsonb)
           on conflict (user_id) do nothing returning id`,
          [
            userId,
            profile.bio,
            profile.website ?? null,
            JSON.stringify(stripUndefined({ ...profile.socialLinks })),
          ],
        );
        if (!created) throw new ConflictException('You already have a creator profile');
        this.outbox.add(
          em,
          CreatorRegisteredSchema,
          { creatorId: BigInt(created.id), userId, isVerified: false },
          userId,
        );
        return created.id;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
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
