import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CREATORS_DEFAULT_LIMIT } from '@kinora/contracts';
import { Authenticated, CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { CreatorDto, CreatorProfileDto } from './dto/creator.dto';
import { CreatorsService } from './creators.service';
import { CreateCreatorDto } from './dto/create-creator.dto';
import { ListCreatorsQuery } from './dto/list-creators.query';

@ApiTags('creators')
@Controller('api/creators')
export class CreatorsController {
  constructor(private readonly creators: CreatorsService) {}

  @Get()
  @ApiOperation({ summary: 'List creators with their newest films' })
  @Responds({ ok: [CreatorDto], errors: [400] })
  list(@Query() query: ListCreatorsQuery, @CurrentIdentity() viewer: Identity | null): Promise<CreatorDto[]> {
    // Critics are social's (GET /api/critics); asking catalog for them finds none.
    if (query.type === 'critic') return Promise.resolve([]);
    return this.creators.list(query.limit ?? CREATORS_DEFAULT_LIMIT, query.offset ?? 0, viewer);
  }

  @Get(':id')
  @ApiOperation({ summary: "A creator's profile: films, contact address and stats" })
  @Responds({ ok: CreatorProfileDto, errors: [400, 404] })
  get(@IdParam() id: number, @CurrentIdentity() viewer: Identity | null): Promise<CreatorProfileDto> {
    return this.creators.get(id, viewer);
  }

  @Post()
  @Authenticated()
  @ApiOperation({ summary: 'Become a creator: the signed-in user registers a creator profile' })
  @Responds({ created: CreatorProfileDto, errors: [400, 401, 409] })
  register(
    @CurrentIdentity() identity: Identity,
    @Body() body: CreateCreatorDto,
  ): Promise<CreatorProfileDto> {
    return this.creators.register(identity.userId, body);
  }
}
