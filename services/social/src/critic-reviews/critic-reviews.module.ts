import { Module } from '@nestjs/common';
import { CriticsRepository } from '../critics/critics.repository';
import { FilmsRepository } from '../films/films.repository';
import { CriticReviewsController } from './critic-reviews.controller';
import { CriticReviewsRepository } from './critic-reviews.repository';
import { CriticReviewsService } from './critic-reviews.service';

@Module({
  controllers: [CriticReviewsController],
  providers: [CriticReviewsService, CriticReviewsRepository, CriticsRepository, FilmsRepository],
})
export class CriticReviewsModule {}
