import { Module } from '@nestjs/common';
import { FilmsRepository } from '../films/films.repository';
import { ListsController } from './lists.controller';
import { ListsRepository } from './lists.repository';
import { ListsService } from './lists.service';

@Module({ controllers: [ListsController], providers: [ListsService, ListsRepository, FilmsRepository] })
export class ListsModule {}
