import { Module } from '@nestjs/common';
import { LikesController } from './likes.controller';
import { LikesService } from './likes.service';

@Module({ controllers: [LikesController], providers: [LikesService] })
export class LikesModule {}
