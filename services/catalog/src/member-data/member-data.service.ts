import { Injectable } from '@nestjs/common';
import type { CatalogExportDto } from './member-data.dto';
import { MemberDataRepository } from './member-data.repository';

const iso = (value: string | Date) => new Date(value).toISOString();

/** Catalog's part of "Download my data": the member's creator profile and its films, if any. */
@Injectable()
export class MemberDataService {
  constructor(private readonly data: MemberDataRepository) {}

  async export(userId: string): Promise<CatalogExportDto> {
    const creator = await this.data.creatorOf(userId);
    if (!creator) return { creatorProfile: null };
    const films = await this.data.filmsOf(creator.id);
    return {
      creatorProfile: {
        id: creator.id,
        bio: creator.bio,
        website: creator.website,
        socialLinks: creator.social_links as Record<string, string>,
        isVerified: creator.is_verified,
        createdAt: iso(creator.created_at),
        films: films.map((film) => ({
          id: film.id,
          title: film.title,
          status: film.status,
          createdAt: iso(film.created_at),
        })),
      },
    };
  }
}
