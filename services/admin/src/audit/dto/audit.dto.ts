import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiTimestamp, EnumField, OptionalTextField, PageQuery } from '@kinora/common';
import { AUDIT_ACTIONS, type AuditAction } from '@kinora/contracts';
import { IsOptional, IsUUID } from 'class-validator';
import { MemberContactDto } from '../../moderation/dto/member-contact.dto';

const TARGET_TEXT_MAX_LENGTH = 100;

/** Filters of the audit log (each optional, combined with and); limit (default 50) and offset. */
export class AuditQuery extends PageQuery {
  @EnumField(AUDIT_ACTIONS, { optional: true, query: true, enumName: 'AuditAction' })
  action?: AuditAction;

  @ApiPropertyOptional({ format: 'uuid', description: 'Who did it.' })
  @IsOptional()
  @IsUUID('all', { message: 'actorUserId must be a UUID' })
  actorUserId?: string;

  @OptionalTextField(
    TARGET_TEXT_MAX_LENGTH,
    'What it was done to: user, film, creator, report, campaign, ...',
  )
  targetType?: string;

  @OptionalTextField(TARGET_TEXT_MAX_LENGTH, "The target's id (with targetType).")
  targetId?: string;
}

export class AuditTargetDto {
  @ApiProperty()
  type!: string;

  @ApiProperty()
  id!: string;

  @ApiProperty({ description: 'Its name when the action was taken (a title, an email); may be empty.' })
  label!: string;
}

export class AuditEntryDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiTimestamp({ description: 'When it was done.' })
  at!: string;

  @ApiProperty({ nullable: true, type: MemberContactDto, description: 'null for the platform itself.' })
  actor!: MemberContactDto | null;

  @ApiProperty({ enum: AUDIT_ACTIONS, enumName: 'AuditAction' })
  action!: AuditAction;

  @ApiProperty({ type: AuditTargetDto })
  target!: AuditTargetDto;

  @ApiProperty({ description: 'The reason given; empty when none was.' })
  reason!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  details!: Record<string, unknown>;

  @ApiProperty({ description: 'The service that carried it out.' })
  service!: string;
}
