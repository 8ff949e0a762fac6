import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiTimestamp } from '@kinora/common';

export class ExportedFilmDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  status!: string;

  @ApiTimestamp()
  createdAt!: string;
}

export class ExportedCreatorProfileDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  bio!: string;

  @ApiNullableString()
  website!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  socialLinks!: Record<string, string>;

  @ApiProperty()
  isVerified!: boolean;

  @ApiTimestamp()
  createdAt!: string;

  @ApiProperty({ type: [ExportedFilmDto] })
  films!: ExportedFilmDto[];
}

/** Catalog's part of a member's data archive (GET /api/user/export/catalog). */
export class CatalogExportDto {
  @ApiProperty({
    type: ExportedCreatorProfileDto,
    nullable: true,
    description: 'null without a creator profile',
  })
  creatorProfile!: ExportedCreatorProfileDto | null;
}
