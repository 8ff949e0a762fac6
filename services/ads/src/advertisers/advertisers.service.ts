import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DeliveryCache } from '../delivery/delivery-cache';
import type { AdvertiserDto, CreateAdvertiserDto, UpdateAdvertiserDto } from './dto/advertiser.dto';

interface AdvertiserRow {
  id: string;
  name: string;
  website_url: string | null;
  created_at: Date;
  campaign_count: string;
}

const ADVERTISER_SELECT = `
  select a.id, a.name, a.website_url, a.created_at,
         (select count(*) from campaigns c where c.advertiser_id = a.id) as campaign_count
    from advertisers a`;

export function mapAdvertiser(row: AdvertiserRow): AdvertiserDto {
  return {
    id: Number(row.id),
    name: row.name,
    websiteUrl: row.website_url,
    createdAt: new Date(row.created_at).toISOString(),
    campaignCount: Number(row.campaign_count),
  };
}

const taken = (name: string) => new ConflictException(`An advertiser named "${name}" already exists`);

@Injectable()
export class AdvertisersService {
  constructor(
    private readonly em: EntityManager,
    private readonly delivery: DeliveryCache,
  ) {}

  /** Every advertiser, by name. */
  async list(): Promise<AdvertiserDto[]> {
    const rows = await this.em
      .fork()
      .execute<AdvertiserRow[]>(`${ADVERTISER_SELECT} order by lower(a.name), a.id`);
    return rows.map(mapAdvertiser);
  }

  async create(input: CreateAdvertiserDto): Promise<AdvertiserDto> {
    const em = this.em.fork();
    try {
      const [row] = await em.execute<{ id: string }[]>(
        'insert into advertisers (name, website_url) values (?, ?) returning id',
        [input.name, input.websiteUrl ?? null],
      );
      return await this.get(em, Number(row!.id));
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw taken(input.name);
      throw error;
    }
  }

  async update(id: number, input: UpdateAdvertiserDto): Promise<AdvertiserDto> {
    const em = this.em.fork();
    try {
      const updated = await em.execute<unknown[]>(
        `update advertisers set name = coalesce(?, name),
                website_url = case when ? then ? else website_url end, updated_at = now()
          where id = ? returning 1`,
        [input.name ?? null, input.websiteUrl !== undefined, input.websiteUrl ?? null, id],
      );
      if (updated.length === 0) throw new NotFoundException(`Advertiser ${id} not found`);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw taken(input.name ?? '');
      throw error;
    }
    // Delivery shows the advertiser's name with its ads.
    this.delivery.clear();
    return this.get(em, id);
  }

  /** An advertiser with campaigns stays (409): its campaigns are deleted first. */
  async remove(id: number): Promise<void> {
    try {
      const deleted = await this.em
        .fork()
        .execute<unknown[]>('delete from advertisers where id = ? returning 1', [id]);
      if (deleted.length === 0) throw new NotFoundException(`Advertiser ${id} not found`);
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) {
        throw new ConflictException(`Advertiser ${id} still has campaigns: delete them first`);
      }
      throw error;
    }
  }

  private async get(em: EntityManager, id: number): Promise<AdvertiserDto> {
    const [row] = await em.execute<AdvertiserRow[]>(`${ADVERTISER_SELECT} where a.id = ?`, [id]);
    if (!row) throw new NotFoundException(`Advertiser ${id} not found`);
    return mapAdvertiser(row);
  }
}
