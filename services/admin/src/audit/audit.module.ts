import { Module } from '@nestjs/common';
import { AdminActionTakenHandler } from './admin-action-taken.handler';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

@Module({
  controllers: [AuditController, AdminActionTakenHandler],
  providers: [AuditService, AuditRepository],
})
export class AuditModule {}
