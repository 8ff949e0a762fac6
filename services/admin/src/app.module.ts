import { KnownUsersModule, ServiceRootModule } from '@kinora/common';
import { AuditModule } from './audit/audit.module';
import type { Config } from './config';
import { DATABASE } from './database';
import { ErasedMembersRepository } from './members/erased-members.repository';
import { AdminExportController, AdminExportService } from './members/member-export.controller';
import { MemberExportRepository } from './members/member-export.repository';
import { UserDeletedHandler } from './members/user-deleted.handler';
import { JobsModule } from './jobs/jobs.module';
import { FilmDeletedHandler } from './moderation/film-deleted.handler';
import { FilmStatusChangedHandler } from './moderation/film-status-changed.handler';
import { ModerationModule } from './moderation/moderation.module';
import { PrelaunchModule } from './prelaunch/prelaunch.module';
import { ReportsModule } from './reports/reports.module';

export class AppModule extends ServiceRootModule<Config>({ name: 'admin', ...DATABASE }, () => ({
  imports: [KnownUsersModule, AuditModule, ModerationModule, PrelaunchModule, ReportsModule, JobsModule],
  controllers: [FilmStatusChangedHandler, FilmDeletedHandler, UserDeletedHandler, AdminExportController],
  providers: [ErasedMembersRepository, AdminExportService, MemberExportRepository],
})) {}

/** Operations a library registers on Fastify itself, for the OpenAPI document (no controller has them). */
export { jobsBoardPaths as fastifyRoutePaths } from './jobs/jobs-board.docs';
