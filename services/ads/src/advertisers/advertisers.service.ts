import { isForeignKeyViolation, isUniqueViolation } from '@kinora/common';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DeliveryCache } from '../delivery/delivery-cache';
import { mapAdvertiser } from './advertiser.mapper';
import { AdvertisersRepository } from './advertisers.repository';
import type { AdvertiserDto, CreateAdvertiserDto, UpdateAdvertiserDto } from './dto/advertiser.dto';

const taken = (name: string) => new ConflictException(`An advertiser named "${name}" already exists`);

@Injectable()
export class AdvertisersService {
  constructor(
    private readonly advertisers: AdvertisersRepository,
    private readonly delivery: DeliveryCache,
  ) {}

  /** Every advertiser, by name. */
  async list(): Promise<AdvertiserDto[]> {
    return (await this.advertisers.list()).map(mapAdvertiser);
  }

  async create(input: CreateAdvertiserDto): Promise<AdvertiserDto> {
    try {
      const id = await this.advertisers.insert({ name: input.name, website_url: input.websiteUrl ?? null });
      return await this.get(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(input.name);
      throw error;
    }
  }

  async update(id: number, input: UpdateAdvertiserDto): Promise<AdvertiserDto> {
    try {
      const found = await this.advertisers.update(id, {
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.websiteUrl !== undefined ? { website_url: input.websiteUrl ?? null } : {}),
      });
      if (!found) throw new NotFoundException(`Advertiser ${id} not found`);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(input.name ?? '');
      throw error;
    }
    // Delivery shows the advertiser's name with its ads.
    this.delivery.clear();
    return this.get(id);
  }

  /** An advertiser with campaigns stays (409): its campaigns are deleted first. */
  async remove(id: number): Promise<void> {
    try {
      if (!(await this.advertisers.delete(id))) throw new NotFoundException(`Advertiser ${id} not found`);
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new ConflictException(`Advertiser ${id} still has campaigns: delete them first`);
      }
      throw error;
    }
  }

  private async get(id: number): Promise<AdvertiserDto> {
    const row = await this.advertisers.find(id);
    if (!row) throw new NotFoundException(`Advertiser ${id} not found`);
    return mapAdvertiser(row);
  }
}
