import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { Authenticated, CurrentIdentity, ParseIdPipe, type Identity } from '@kinora/common';
import type { CreatorDto, CreatorProfileDto } from './creator.mapper';
import { CreatorsService } from './creators.service';
import { CreateCreatorDto } from './dto/create-creator.dto';
import { ListCreatorsQuery } from './dto/list-creators.query';

@Controller('api/creators')
export class CreatorsController {
  constructor(private readonly creators: CreatorsService) {}

  @Get()
  list(@Query() query: ListCreatorsQuery): Promise<CreatorDto[]> {
    // Critics are social's (GET /api/critics); asking catalog for them finds none.
    if (query.type === 'critic') return Promise.resolve([]);
    return this.creators.list(query.limit ?? 20, query.offset ?? 0);
  }

  @Get(':id')
  get(
    @Param('id', ParseIdPipe) id: number,
    @CurrentIdentity() viewer: Identity | null,
  ): Promise<CreatorProfileDto> {
    return this.creators.get(id, viewer);
  }

  @Post()
  @Authenticated()
  register(
    @CurrentIdentity() identity: Identity,
    @Body() body: CreateCreatorDto,
  ): Promise<CreatorProfileDto> {
    return this.creators.register(identity.userId, body);
  }
}
