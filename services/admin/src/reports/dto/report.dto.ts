import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ApiInteger,
  ApiNullableString,
  ApiNullableTimestamp,
  ApiTimestamp,
  EnumField,
  IdField,
  PageQuery,
  trimmed,
} from '@kinora/common';
import { MemberContactDto } from '../../moderation/dto/member-contact.dto';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECT_TYPES,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
  type ReportStatus,
  type ReportSubjectType,
} from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const CLOSED_STATUSES = ['resolved', 'dismissed'] as const satisfies readonly ReportStatus[];
type ClosedStatus = (typeof CLOSED_STATUSES)[number];

/** A member reports a film or a review. */
export class CreateReportDto {
  @EnumField(REPORT_SUBJECT_TYPES)
  subjectType!: ReportSubjectType;

  @IdField()
  subjectId!: number;

  @EnumField(REPORT_REASONS)
  reason!: ReportReason;

  @ApiPropertyOptional({ maxLength: REPORT_TEXT_MAX_LENGTH, description: 'Blank is stored as none.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'details must be a string' })
  @MaxLength(REPORT_TEXT_MAX_LENGTH, {
    message: `details must be at most ${REPORT_TEXT_MAX_LENGTH} characters`,
  })
  details?: string;
}

/** An admin closes a report. */
export class CloseReportDto {
  @EnumField(CLOSED_STATUSES)
  status!: ClosedStatus;

  @ApiPropertyOptional({ maxLength: REPORT_TEXT_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'note must be a string' })
  @MaxLength(REPORT_TEXT_MAX_LENGTH, { message: `note must be at most ${REPORT_TEXT_MAX_LENGTH} characters` })
  note?: string;
}

/** status (default open), limit (default 20) and offset. */
export class ReportsQuery extends PageQuery {
  @EnumField(REPORT_STATUSES, { default: 'open', optional: true, query: true })
  status?: ReportStatus;
}

export class ReporterDto extends MemberContactDto {}

export class ReportSubjectDto {
  @ApiNullableString({ description: "The film's title when known." })
  title!: string | null;
}

export class ReportDto {
  @ApiInteger()
  id!: number;

  @ApiProperty({ enum: [...REPORT_SUBJECT_TYPES] })
  subjectType!: ReportSubjectType;

  @ApiInteger()
  subjectId!: number;

  @ApiProperty({ enum: [...REPORT_REASONS] })
  reason!: ReportReason;

  @ApiNullableString()
  details!: string | null;

  @ApiProperty({ enum: [...REPORT_STATUSES] })
  status!: ReportStatus;

  @ApiNullableString()
  note!: string | null;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp()
  resolvedAt!: string | null;

  @ApiProperty({ type: ReporterDto })
  reporter!: ReporterDto;

  @ApiProperty({ type: ReportSubjectDto })
  subject!: ReportSubjectDto;
}
