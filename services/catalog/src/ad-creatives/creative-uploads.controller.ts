import { Body, Controller, Get, Post } from '@nestjs/common';
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
import { CreateCreativeUploadDto, CreativeUploadDto } from './dto/creative-upload.dto';
import { CreativeUploadsService } from './creative-uploads.service';

/**
 * Advertising creatives uploaded by admins (the same resumable upload as films), transcoded to
 * HLS by catalog-worker. Once ready, the ads service's creative picker lists the video.
 */
@ApiTags('creative-uploads')
@Controller('api/creative-uploads')
@Roles('admin')
@ApiErrorResponses(401, 403)
export class CreativeUploadsController {
  constructor(private readonly creatives: CreativeUploadsService) {}

  @Post()
  @ApiOperation({
    summary: 'Make an ad creative video (HLS) from a finished upload; its transcode is queued',
  })
  @Responds({ accepted: CreativeUploadDto, errors: [400, 404, 409, 503] })
  @ApiErrorResponse(422, 'Not a video we can read, or longer than a creative may be: the message says which.')
  create(
    @CurrentIdentity() identity: Identity,
    @Body() body: CreateCreativeUploadDto,
  ): Promise<CreativeUploadDto> {
    return this.creatives.create(identity, body);
  }

  @Get(':id')
  @ApiOperation({ summary: "An uploaded creative's transcode: status, progress, and its video once ready" })
  @Responds({ ok: CreativeUploadDto, errors: [400, 404] })
  get(@IdParam() id: number): Promise<CreativeUploadDto> {
    return this.creatives.get(id);
  }
}
