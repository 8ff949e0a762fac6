import { KnownUsersModule, ServiceRootModule } from '@kinora/common';
import { AuditModule } from './audit/audit.module';
import type { Config } from './config';
import { DATABASE } from './database';
import { FilmDeletedHandler } from './moderation/film-deleted.handler';
import { FilmStatusChangedHandler } from './moderation/film-status-changed.handler';
import { ModerationModule } from './moderation/moderation.module';
import { PrelaunchModule } from './prelaunch/prelaunch.module';
import { ReportsModule } from './reports/reports.module';

export class AppModule extends ServiceRootModule<Config>({ name: 'admin', ...DATABASE }, () => ({
  imports: [KnownUsersModule, AuditModule, ModerationModule, PrelaunchModule, ReportsModule],
  controllers: [FilmStatusChangedHandler, FilmDeletedHandler],
})) {}
