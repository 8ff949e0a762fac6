import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiNullableTimestamp, ApiTimestamp } from '@kinora/common';

export class ExportedReportDto {
  @ApiInteger()
  id!: number;

  @ApiProperty({ description: 'What was reported: a film or a review.' })
  subjectType!: string;

  @ApiInteger()
  subjectId!: number;

  @ApiProperty()
  reason!: string;

  @ApiNullableString()
  details!: string | null;

  @ApiProperty()
  status!: string;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp()
  resolvedAt!: string | null;
}

/** Admin's part of a member's data archive (GET /api/user/export/admin). */
export class AdminExportDto {
  @ApiProperty({ type: [ExportedReportDto], description: 'The reports the member filed, oldest first.' })
  reports!: ExportedReportDto[];
}
