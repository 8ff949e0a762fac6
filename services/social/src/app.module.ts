import { KnownUsersModule, ServiceRootModule } from '@kinora/common';
import type { Config } from './config';
import { CriticReviewsModule } from './critic-reviews/critic-reviews.module';
import { CriticsModule } from './critics/critics.module';
import { CreatorRegisteredHandler } from './creators/creator-registered.handler';
import { CreatorStandingChangedHandler } from './creators/creator-standing-changed.handler';
import { CreatorsRepository } from './creators/creators.repository';
import { DATABASE } from './database';
import { FilmStatusChangedHandler } from './films/film-status-changed.handler';
import { FilmsRepository } from './films/films.repository';
import { FollowsModule } from './follows/follows.module';
import { FollowsRepository } from './follows/follows.repository';
import { LikesModule } from './likes/likes.module';
import { ContinueWatchingRepository } from './lists/continue-watching.repository';
import { ListsModule } from './lists/lists.module';
import { WatchHistoryClearedHandler } from './lists/watch-history-cleared.handler';
import { WatchProgressChangedConsumer } from './lists/watch-progress-changed.consumer';
import { MemberExportController } from './members/member-export.controller';
import { MemberExportRepository } from './members/member-export.repository';
import { MemberExportService } from './members/member-export.service';
import { MemberErasureRepository } from './members/member-erasure.repository';
import { UserDeletedHandler } from './members/user-deleted.handler';
import { NotificationsModule } from './notifications/notifications.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SeedRepository } from './seed/seed.repository';

export class AppModule extends ServiceRootModule<Config>({ name: 'social', ...DATABASE }, () => ({
  imports: [
    KnownUsersModule,
    ReviewsModule,
    LikesModule,
    FollowsModule,
    ListsModule,
    CriticsModule,
    CriticReviewsModule,
    NotificationsModule,
  ],
  controllers: [
    FilmStatusChangedHandler,
    CreatorRegisteredHandler,
    CreatorStandingChangedHandler,
    WatchHistoryClearedHandler,
    UserDeletedHandler,
    MemberExportController,
  ],
  providers: [
    ContinueWatchingRepository,
    WatchProgressChangedConsumer,
    SeedRepository,
    CreatorsRepository,
    FilmsRepository,
    FollowsRepository,
    MemberErasureRepository,
    MemberExportRepository,
    MemberExportService,
  ],
})) {}
