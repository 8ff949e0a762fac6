import { EntityManager } from '@mikro-orm/postgresql';
import { AuditTrail, isForeignKeyViolation, isUniqueViolation } from '@kinora/common';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { changedFields } from '../changed-fields';
import { DeliveryCache } from '../delivery/delivery-cache';
import { mapAdvertiser } from './advertiser.mapper';
import { AdvertisersRepository, type AdvertiserRecord } from './advertisers.repository';
import type { AdvertiserDto, CreateAdvertiserDto, UpdateAdvertiserDto } from './dto/advertiser.dto';

const taken = (name: string) => new ConflictException(`An advertiser named "${name}" already exists`);
const notFound = (id: number) => new NotFoundException(`Advertiser ${id} not found`);
const target = (row: Pick<AdvertiserRecord, 'id' | 'name'>) => ({
  type: 'advertiser',
  id: row.id,
  label: row.name,
});

/** Advertisers, for admins; every change is on the audit log, in the change's own transaction. */
@Injectable()
export class AdvertisersService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly advertisers: AdvertisersRepository,
    private readonly delivery: DeliveryCache,
  ) {}

  /** Every advertiser, by name. */
  async list(): Promise<AdvertiserDto[]> {
    return (await this.advertisers.list()).map(mapAdvertiser);
  }

  async create(input: CreateAdvertiserDto, actorUserId: string): Promise<AdvertiserDto> {
    try {
      return await this.em.fork().transactional(async (em) => {
        const id = await this.advertisers.insert({ name: input.name, website_url: input.websiteUrl ?? null });
        const row = (await this.advertisers.find(id))!;
        this.audit.record(em, { actorUserId, action: 'advertiser.created', target: target(row) });
        return mapAdvertiser(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(input.name);
      throw error;
    }
  }

  async update(id: number, input: UpdateAdvertiserDto, actorUserId: string): Promise<AdvertiserDto> {
    const changes = {
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.websiteUrl !== undefined ? { website_url: input.websiteUrl ?? null } : {}),
    };
    let advertiser: AdvertiserDto;
    try {
      advertiser = await this.em.fork().transactional(async (em) => {
        const before = await this.advertisers.lockForUpdate(id);
        if (!before) throw notFound(id);
        await this.advertisers.update(id, changes);
        const row = (await this.advertisers.find(id))!;
        const fields = changedFields(
          { name: before.name, websiteUrl: before.website_url },
          { name: row.name, websiteUrl: row.website_url },
        );
        if (fields.length > 0) {
          this.audit.record(em, {
            actorUserId,
            action: 'advertiser.changed',
            target: target(row),
            details: { fields },
          });
        }
        return mapAdvertiser(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(input.name ?? '');
      throw error;
    }
    // Delivery shows the advertiser's name with its ads.
    this.delivery.clear();
    return advertiser;
  }

  /** An advertiser with campaigns stays (409): its campaigns are deleted first. */
  async remove(id: number, actorUserId: string): Promise<void> {
    try {
      await this.em.fork().transactional(async (em) => {
        const row = await this.advertisers.lockForUpdate(id);
        if (!row || !(await this.advertisers.delete(id))) throw notFound(id);
        this.audit.record(em, { actorUserId, action: 'advertiser.deleted', target: target(row) });
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new ConflictException(`Advertiser ${id} still has campaigns: delete them first`);
      }
      throw error;
    }
  }
}
