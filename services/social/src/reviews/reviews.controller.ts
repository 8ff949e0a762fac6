import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  Injectable,
  Param,
  Post,
  Query,
  type PipeTransform,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponses,
  Authenticated,
  CurrentIdentity,
  ID_PARAM,
  MessageDto,
  ParseIdPipe,
  type Identity,
} from '@kinora/common';
import { ListReviewsQuery, ReviewDto, WriteReviewDto } from './dto/review.dto';
import { ReviewsService } from './reviews.service';

/** The review id in the path, validated like film ids but named in the message. */
@Injectable()
class ParseReviewIdPipe implements PipeTransform<string, number> {
  private readonly ids = new ParseIdPipe();

  transform(value: string): number {
    try {
      return this.ids.transform(value);
    } catch {
      throw new BadRequestException('reviewId must be a positive integer');
    }
  }
}

@ApiTags('reviews')
@Controller('api/films/:id/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @ApiOperation({ summary: "A published film's member reviews, newest first, with each reviewer" })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: [ReviewDto] })
  @ApiErrorResponses(400, 404)
  list(@Param('id', ParseIdPipe) filmId: number, @Query() query: ListReviewsQuery): Promise<ReviewDto[]> {
    return this.reviews.list(filmId, query);
  }

  @Post()
  @Authenticated()
  @ApiOperation({ summary: "Review a published film (posting again replaces the member's review)" })
  @ApiParam(ID_PARAM)
  @ApiCreatedResponse({ type: ReviewDto })
  @ApiErrorResponses(400, 401, 404)
  write(
    @Param('id', ParseIdPipe) filmId: number,
    @Body() body: WriteReviewDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<ReviewDto> {
    return this.reviews.write(filmId, caller.userId, body);
  }

  @Delete(':reviewId')
  @Authenticated()
  @ApiOperation({ summary: 'Delete a review: its author, or an admin' })
  @ApiParam(ID_PARAM)
  @ApiParam({ ...ID_PARAM, name: 'reviewId' })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrorResponses(400, 401, 403, 404)
  async delete(
    @Param('id', ParseIdPipe) filmId: number,
    @Param('reviewId', ParseReviewIdPipe) reviewId: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<MessageDto> {
    await this.reviews.delete(filmId, reviewId, caller);
    return { message: 'Review deleted' };
  }
}
