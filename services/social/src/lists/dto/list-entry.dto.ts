import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiTimestamp, IdField, PageQuery } from '@kinora/common';
import { LIST_TYPES, WRITABLE_LIST_TYPES, type ListType, type WritableListType } from '@kinora/contracts';
import { IsIn } from 'class-validator';
import { FilmSummaryDto } from '../../films/dto/film-summary.dto';

export const WRITABLE_LIST_TYPE_MESSAGE = `listType must be one of ${WRITABLE_LIST_TYPES.join(', ')} (continue_watching follows viewing progress)`;

/** Adds a published film to one of the member's lists; adding it again changes nothing. */
export class AddToListDto {
  @IdField()
  filmId!: number;

  @ApiProperty({ enum: [...WRITABLE_LIST_TYPES] })
  @IsIn(WRITABLE_LIST_TYPES, { message: WRITABLE_LIST_TYPE_MESSAGE })
  listType!: WritableListType;
}

/** limit (default 50) and offset. */
export class ListEntriesQuery extends PageQuery {}

export class ListEntryDto {
  @ApiInteger()
  id!: number;

  @ApiInteger()
  filmId!: number;

  @ApiProperty({ enum: [...LIST_TYPES] })
  listType!: ListType;

  @ApiTimestamp()
  createdAt!: string;

  @ApiInteger({
    nullable: true,
    description: 'continue_watching: where the member stopped, in seconds (null on the other lists).',
  })
  progressSeconds!: number | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description:
      "continue_watching: the film's own length in seconds, as probed (null when not known, and on the other lists).",
  })
  durationSeconds!: number | null;

  @ApiProperty({ type: FilmSummaryDto })
  film!: FilmSummaryDto;
}
