import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, MessageDto, Responds, type Identity } from '@kinora/common';
import { ListReviewsQuery, ReviewDto, WriteReviewDto } from './dto/review.dto';
import { ReviewsService } from './reviews.service';

@ApiTags('reviews')
@Controller('api/films/:id/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @ApiOperation({ summary: "A published film's member reviews, newest first, with each reviewer" })
  @Responds({ ok: [ReviewDto], errors: [400, 404] })
  list(@IdParam() filmId: number, @Query() query: ListReviewsQuery): Promise<ReviewDto[]> {
    return this.reviews.list(filmId, query);
  }

  @Post()
  @Authenticated()
  @ApiOperation({ summary: "Review a published film (posting again replaces the member's review)" })
  @Responds({ created: ReviewDto, errors: [400, 401, 404] })
  write(
    @IdParam() filmId: number,
    @Body() body: WriteReviewDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<ReviewDto> {
    return this.reviews.write(filmId, caller.userId, body);
  }

  @Delete(':reviewId')
  @Authenticated()
  @ApiOperation({ summary: 'Delete a review: its author, or an admin' })
  @Responds({ ok: MessageDto, errors: [400, 401, 403, 404] })
  async delete(
    @IdParam() filmId: number,
    @IdParam('reviewId') reviewId: number,
    @CurrentIdentity() caller: Identity,
  ): Promise<MessageDto> {
    await this.reviews.delete(filmId, reviewId, caller);
    return { message: 'Review deleted' };
  }
}
