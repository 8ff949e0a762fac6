import { Module } from '@nestjs/common';
import { CriticReviewsController } from './critic-reviews.controller';
import { CriticReviewsService } from './critic-reviews.service';

@Module({ controllers: [CriticReviewsController], providers: [CriticReviewsService] })
export class CriticReviewsModule {}
