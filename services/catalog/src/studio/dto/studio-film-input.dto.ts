import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiInteger, trimmed } from '@kinora/common';
import {
  AI_NOTES_MAX_LENGTH,
  AI_PARTS,
  AI_TOOL_MAX_LENGTH,
  AI_TOOLS_MAX,
  CAPTION_LABEL_MAX_LENGTH,
  CAPTION_LANGUAGE_MAX_LENGTH,
  CAPTION_LANGUAGE_PATTERN,
  CAPTIONS_MAX,
  FILM_DESCRIPTION_MAX_LENGTH,
  FILM_RELEASE_YEAR_MIN,
  FILM_TITLE_MAX_LENGTH,
  GENRES,
  LANGUAGES,
  type AiPart,
  type Genre,
  type Language,
} from '@kinora/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** The latest release year accepted: next year (a film may be dated ahead of its premiere). */
export const maxReleaseYear = () => new Date().getUTCFullYear() + 1;

/** One caption track as the creator sends it: the WebVTT text itself. */
export class CaptionInputDto {
  @ApiProperty({
    example: 'en',
    description: 'Language tag, 2–12 characters ("en", "pt-BR"); one track per language.',
  })
  @IsString()
  @Length(2, CAPTION_LANGUAGE_MAX_LENGTH)
  @Matches(CAPTION_LANGUAGE_PATTERN, { message: 'language must be a language tag such as "en" or "pt-BR"' })
  language!: string;

  @ApiProperty({ example: 'English', maxLength: CAPTION_LABEL_MAX_LENGTH })
  @Transform(trimmed)
  @IsString()
  @Length(1, CAPTION_LABEL_MAX_LENGTH)
  label!: string;

  @ApiProperty({ description: 'The WebVTT file\'s text (starts with "WEBVTT"; at most 1 MB).' })
  @IsString()
  @Matches(/^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r?\n|\r|$)/, {
    message: 'vtt must be a WebVTT file (starting with "WEBVTT")',
  })
  vtt!: string;
}

/** A film's caption tracks, one per language (decorators bottom-up, as stacked ones apply). */
const CaptionTracks = ({ optional = false } = {}) =>
  applyDecorators(
    Type(() => CaptionInputDto),
    ValidateNested({ each: true }),
    ArrayUnique((caption: CaptionInputDto) => caption?.language?.toLowerCase(), {
      message: 'captions must have one track per language',
    }),
    ArrayMaxSize(CAPTIONS_MAX),
    IsArray(),
    ...(optional ? [IsOptional()] : []),
    ApiProperty({
      type: [CaptionInputDto],
      maxItems: CAPTIONS_MAX,
      ...(optional ? { required: false } : {}),
    }),
  );

/** How generative AI was used (replaces the whole disclosure when sent). */
export class AiDisclosureInputDto {
  @ApiProperty({ type: [String], maxItems: AI_TOOLS_MAX, description: 'Tools used, each 1–60 characters.' })
  @IsArray()
  @ArrayMaxSize(AI_TOOLS_MAX)
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value,
  )
  @IsString({ each: true })
  @Length(1, AI_TOOL_MAX_LENGTH, { each: true })
  tools!: string[];

  @ApiProperty({ enum: AI_PARTS, enumName: 'AiPart', isArray: true })
  @IsArray()
  @ArrayUnique()
  @IsIn(AI_PARTS, { each: true })
  parts!: AiPart[];

  @ApiProperty({ description: "Real people's likeness or voices appear." })
  @IsBoolean()
  realLikeness!: boolean;

  @ApiProperty({ description: 'Those people consented: required when realLikeness is true.' })
  @IsBoolean()
  likenessConsent!: boolean;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: AI_NOTES_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(AI_NOTES_MAX_LENGTH)
  notes?: string | null;
}

/** The editable details of a film (all optional: PATCH). */
export class UpdateStudioFilmDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: FILM_TITLE_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(1, FILM_TITLE_MAX_LENGTH)
  title?: string;

  @ApiPropertyOptional({ maxLength: FILM_DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(FILM_DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({ enum: GENRES, enumName: 'Genre' })
  @IsOptional()
  @IsIn(GENRES)
  genre?: Genre;

  @ApiPropertyOptional({ enum: LANGUAGES, enumName: 'Language' })
  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;

  @ApiPropertyOptional({ type: 'integer', minimum: FILM_RELEASE_YEAR_MIN, description: 'Up to next year.' })
  @IsOptional()
  @IsInt()
  @Min(FILM_RELEASE_YEAR_MIN)
  @Max(9999)
  releaseYear?: number;

  @ApiPropertyOptional({ type: AiDisclosureInputDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AiDisclosureInputDto)
  aiDisclosure?: AiDisclosureInputDto;
}

/** The caption tracks of a film, replaced whole (an empty list removes them all). */
export class PutCaptionsDto {
  @CaptionTracks()
  captions!: CaptionInputDto[];
}

/** A new film from a finished upload. */
export class CreateStudioFilmDto {
  @ApiProperty({ description: 'The finished upload (the id at the end of its Location).' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'uploadId must be an upload id' })
  uploadId!: string;

  @ApiProperty({ minLength: 1, maxLength: FILM_TITLE_MAX_LENGTH })
  @Transform(trimmed)
  @IsString()
  @Length(1, FILM_TITLE_MAX_LENGTH)
  title!: string;

  @ApiProperty({ maxLength: FILM_DESCRIPTION_MAX_LENGTH })
  @Transform(trimmed)
  @IsString()
  @MaxLength(FILM_DESCRIPTION_MAX_LENGTH)
  description!: string;

  @ApiProperty({ enum: GENRES, enumName: 'Genre' })
  @IsIn(GENRES)
  genre!: Genre;

  @ApiProperty({ enum: LANGUAGES, enumName: 'Language' })
  @IsIn(LANGUAGES)
  language!: Language;

  @ApiInteger({ minimum: FILM_RELEASE_YEAR_MIN, description: 'Up to next year.' })
  @IsInt()
  @Min(FILM_RELEASE_YEAR_MIN)
  @Max(9999)
  releaseYear!: number;

  @CaptionTracks({ optional: true })
  captions?: CaptionInputDto[];

  @ApiProperty({ type: AiDisclosureInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => AiDisclosureInputDto)
  aiDisclosure!: AiDisclosureInputDto;

  @ApiInteger({
    minimum: 1,
    required: false,
    description:
      'Admins only: the creator the film is added for (it is theirs from then on). Anyone else: 403.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  creatorId?: number;
}
