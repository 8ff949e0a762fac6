import { Module } from '@nestjs/common';
import { FilmsRepository } from '../films/films.repository';
import { LikesController } from './likes.controller';
import { LikesRepository } from './likes.repository';
import { LikesService } from './likes.service';

@Module({ controllers: [LikesController], providers: [LikesService, LikesRepository, FilmsRepository] })
export class LikesModule {}
