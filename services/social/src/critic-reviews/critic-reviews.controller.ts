import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponses,
  CurrentIdentity,
  ID_PARAM,
  ParseIdPipe,
  Roles,
  type Identity,
} from '@kinora/common';
import { CriticReviewsService } from './critic-reviews.service';
import { CriticReviewDto, ListCriticReviewsQuery, WriteCriticReviewDto } from './dto/critic-review.dto';

@ApiTags('critics')
@Controller('api/films/:id/critic-reviews')
export class CriticReviewsController {
  constructor(private readonly reviews: CriticReviewsService) {}

  @Get()
  @ApiOperation({ summary: "A published film's critic reviews, newest first, with each critic" })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: [CriticReviewDto] })
  @ApiErrorResponses(400, 404)
  list(
    @Param('id', ParseIdPipe) filmId: number,
    @Query() query: ListCriticReviewsQuery,
  ): Promise<CriticReviewDto[]> {
    return this.reviews.list(filmId, query);
  }

  @Post()
  @Roles('critic')
  @ApiOperation({ summary: "A critic reviews a published film (posting again replaces the critic's review)" })
  @ApiParam(ID_PARAM)
  @ApiCreatedResponse({ type: CriticReviewDto })
  @ApiErrorResponses(400, 401, 403, 404)
  write(
    @Param('id', ParseIdPipe) filmId: number,
    @Body() body: WriteCriticReviewDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<CriticReviewDto> {
    return this.reviews.write(filmId, caller.userId, body);
  }
}
