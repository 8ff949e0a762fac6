import { Module } from '@nestjs/common';
import { ListsController } from './lists.controller';
import { ListsService } from './lists.service';

@Module({ controllers: [ListsController], providers: [ListsService] })
export class ListsModule {}
