import { Module } from '@nestjs/common';
import { FilmsRepository } from '../films/films.repository';
import { ReviewsController } from './reviews.controller';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsService } from './reviews.service';

@Module({ controllers: [ReviewsController], providers: [ReviewsService, ReviewsRepository, FilmsRepository] })
export class ReviewsModule {}
