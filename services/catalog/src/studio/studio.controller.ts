import { Body, Controller, Delete, Get, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponse,
  ApiErrorResponses,
  CurrentIdentity,
  IdParam,
  Responds,
  Roles,
  type Identity,
} from '@kinora/common';
import { CreateStudioFilmDto, PutCaptionsDto, UpdateStudioFilmDto } from './dto/studio-film-input.dto';
import { StudioFilmDto } from './dto/studio-film.dto';
import { StudioService } from './studio.service';

/** The creator's own films: create from an upload, list, edit, captions, delete. */
@ApiTags('studio')
@Controller('api/studio/films')
@Roles('creator')
@ApiErrorResponses(401, 403)
export class StudioController {
  constructor(private readonly studio: StudioService) {}

  @Post()
  @Roles('creator', 'admin')
  @ApiOperation({
    summary:
      'Make a film (pending review) from a finished upload, with its details, captions and AI disclosure; ' +
      'an admin may add it for a creator (creatorId)',
  })
  @Responds({ created: StudioFilmDto, errors: [400, 404, 409, 413, 503] })
  @ApiErrorResponse(422, 'Not a video we can read, or too long: the message says which.')
  create(@CurrentIdentity() identity: Identity, @Body() body: CreateStudioFilmDto): Promise<StudioFilmDto> {
    return this.studio.create(identity, body);
  }

  @Get()
  @ApiOperation({ summary: "The caller's films, newest first, in every status" })
  @Responds({ ok: [StudioFilmDto] })
  list(@CurrentIdentity() identity: Identity): Promise<StudioFilmDto[]> {
    return this.studio.list(identity);
  }

  @Get(':id')
  @Roles('creator', 'admin')
  @ApiOperation({ summary: "One of the caller's films (admins: any film)" })
  @Responds({ ok: StudioFilmDto, errors: [400, 404] })
  get(@CurrentIdentity() identity: Identity, @IdParam() id: number): Promise<StudioFilmDto> {
    return this.studio.get(identity, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: "Edit a film's details or AI disclosure" })
  @Responds({ ok: StudioFilmDto, errors: [400, 404, 409] })
  update(
    @CurrentIdentity() identity: Identity,
    @IdParam() id: number,
    @Body() body: UpdateStudioFilmDto,
  ): Promise<StudioFilmDto> {
    return this.studio.update(identity, id, body);
  }

  @Put(':id/captions')
  @ApiOperation({ summary: "Replace a film's caption tracks (an empty list removes them)" })
  @Responds({ ok: StudioFilmDto, errors: [400, 404, 413] })
  putCaptions(
    @CurrentIdentity() identity: Identity,
    @IdParam() id: number,
    @Body() body: PutCaptionsDto,
  ): Promise<StudioFilmDto> {
    return this.studio.putCaptions(identity, id, body.captions);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a film that is not published, with its video and source' })
  @Responds({ noContent: { description: 'Deleted.' }, errors: [400, 404, 409] })
  remove(@CurrentIdentity() identity: Identity, @IdParam() id: number): Promise<void> {
    return this.studio.remove(identity, id);
  }
}
