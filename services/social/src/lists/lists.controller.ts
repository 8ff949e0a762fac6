import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Query,
  type PipeTransform,
} from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, MessageDto, Responds, type Identity } from '@kinora/common';
import { LIST_TYPES, WRITABLE_LIST_TYPES, type ListType, type WritableListType } from '@kinora/contracts';
import {
  AddToListDto,
  ListEntriesQuery,
  ListEntryDto,
  WRITABLE_LIST_TYPE_MESSAGE,
} from './dto/list-entry.dto';
import { ListsService } from './lists.service';

/** The listType in the path: any list can be read, only watchlist and favorites written. */
class ParseListTypePipe<T extends ListType> implements PipeTransform<string, T> {
  constructor(
    private readonly types: readonly T[],
    private readonly message: string,
  ) {}

  transform(value: string): T {
    if (!(this.types as readonly string[]).includes(value)) throw new BadRequestException(this.message);
    return value as T;
  }
}
const ANY_LIST_TYPE = new ParseListTypePipe(LIST_TYPES, `listType must be one of ${LIST_TYPES.join(', ')}`);
const WRITABLE_LIST_TYPE = new ParseListTypePipe(WRITABLE_LIST_TYPES, WRITABLE_LIST_TYPE_MESSAGE);

/** The signed-in member's own lists: the path carries no user id, the caller's identity decides. */
@ApiTags('lists')
@Controller('api/user/lists')
@Authenticated()
export class ListsController {
  constructor(private readonly lists: ListsService) {}

  @Get(':listType')
  @ApiOperation({ summary: "The signed-in member's list, newest first, each with its film" })
  @ApiParam({ name: 'listType', enum: [...LIST_TYPES] })
  @Responds({ ok: [ListEntryDto], errors: [400, 401] })
  list(
    @Param('listType', ANY_LIST_TYPE) listType: ListType,
    @Query() query: ListEntriesQuery,
    @CurrentIdentity() caller: Identity,
  ): Promise<ListEntryDto[]> {
    return this.lists.list(caller.userId, listType, query);
  }

  @Post()
  @ApiOperation({
    summary: 'Add a published film to the watchlist or favorites (adding again changes nothing)',
  })
  @Responds({ created: ListEntryDto, errors: [400, 401, 404] })
  add(@Body() body: AddToListDto, @CurrentIdentity() caller: Identity): Promise<ListEntryDto> {
    return this.lists.add(caller.userId, body.filmId, body.listType);
  }

  @Delete(':listType/:filmId')
  @ApiOperation({ summary: "Remove a film from the member's watchlist or favorites" })
  @ApiParam({ name: 'listType', enum: [...WRITABLE_LIST_TYPES] })
  @Responds({ ok: MessageDto, errors: [400, 401] })
  async remove(
    @Param('listType', WRITABLE_LIST_TYPE) listType: WritableListType,
    @IdParam('filmId') filmId: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<MessageDto> {
    await this.lists.remove(caller.userId, listType, filmId);
    return { message: 'Removed from list' };
  }
}
