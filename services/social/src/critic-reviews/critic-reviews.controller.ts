import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, Roles, type Identity } from '@kinora/common';
import { CriticReviewsService } from './critic-reviews.service';
import { CriticReviewDto, ListCriticReviewsQuery, WriteCriticReviewDto } from './dto/critic-review.dto';

@ApiTags('critics')
@Controller('api/films/:id/critic-reviews')
export class CriticReviewsController {
  constructor(private readonly reviews: CriticReviewsService) {}

  @Get()
  @ApiOperation({ summary: "A published film's critic reviews, newest first, with each critic" })
  @Responds({ ok: [CriticReviewDto], errors: [400, 404] })
  list(@IdParam() filmId: number, @Query() query: ListCriticReviewsQuery): Promise<CriticReviewDto[]> {
    return this.reviews.list(filmId, query);
  }

  @Post()
  @Roles('critic')
  @ApiOperation({ summary: "A critic reviews a published film (posting again replaces the critic's review)" })
  @Responds({ created: CriticReviewDto, errors: [400, 401, 403, 404] })
  write(
    @IdParam() filmId: number,
    @Body() body: WriteCriticReviewDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<CriticReviewDto> {
    return this.reviews.write(filmId, caller.userId, body);
  }
}
