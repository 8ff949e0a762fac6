import {
  applyDecorators,
  Controller,
  Delete,
  Head,
  HttpCode,
  Injectable,
  Param,
  Patch,
  Post,
  Req,
  Res,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponses, identityFromHeaders, Roles } from '@kinora/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UploadsService } from './uploads.service';

const TUS_RESUMABLE = { name: 'Tus-Resumable', required: true, schema: { type: 'string', enum: ['1.0.0'] } };
const UPLOAD_ID = {
  name: 'uploadId',
  description: 'The id at the end of the Location the upload was created with.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
};
const OFFSET_HEADER = {
  'Upload-Offset': { description: 'Bytes the server has received so far.', schema: { type: 'integer' } },
  'Tus-Resumable': { schema: { type: 'string' } },
};
const EXPIRED = { status: 410, description: 'Expired.' };

/** Lets through only whoever started the upload in the path (the route's roles have signed them in). */
@Injectable()
class UploadOwnerGuard implements CanActivate {
  constructor(private readonly uploads: UploadsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { uploadId: string } }>>();
    await this.uploads.owned(request.params.uploadId, identityFromHeaders(request.headers)!.userId);
    return true;
  }
}

/** The route serves the caller's own upload: any other caller gets 404 for it. */
const OwnUpload = () =>
  applyDecorators(
    UseGuards(UploadOwnerGuard),
    ApiParam(UPLOAD_ID),
    ApiResponse({ status: 404, description: 'No such upload of the caller.' }),
  );

/**
 * The tus 1.0 endpoint (creation, creation-with-upload, creation-defer-length, termination,
 * expiration). Creators (films) and admins (ad creatives) only; an upload belongs to whoever
 * started it, so any other caller gets 404 for it. The request and response are handed to @tus/server untouched (the body stream is not read by
 * Fastify: see UploadBodyParser).
 */
@ApiTags('uploads')
@Controller('api/uploads')
@Roles('creator', 'admin')
@ApiHeader(TUS_RESUMABLE)
@ApiErrorResponses(401, 403)
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post()
  @ApiOperation({ summary: 'Start a resumable upload (tus creation); Upload-Metadata: filename, filetype' })
  @ApiHeader({ name: 'Upload-Length', description: 'The file size in bytes (or Upload-Defer-Length: 1).' })
  @ApiHeader({ name: 'Upload-Metadata', description: 'tus metadata: "filename <base64>,filetype <base64>".' })
  @ApiResponse({
    status: 201,
    description: 'Created; Location is the upload URL.',
    headers: { Location: { schema: { type: 'string' } }, ...OFFSET_HEADER },
  })
  @ApiResponse({ status: 413, description: 'Larger than UPLOAD_MAX_BYTES.' })
  create(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.pass(request, reply);
  }

  @Head(':uploadId')
  @ApiOperation({ summary: 'How much of an upload the server has (Upload-Offset), to resume it' })
  @ApiResponse({
    status: 200,
    description: 'Upload-Offset and Upload-Length.',
    headers: { 'Upload-Length': { schema: { type: 'integer' } }, ...OFFSET_HEADER },
  })
  @ApiResponse(EXPIRED)
  @OwnUpload()
  offset(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.pass(request, reply);
  }

  @Patch(':uploadId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Send the next bytes of an upload, from Upload-Offset' })
  @ApiHeader({ name: 'Upload-Offset', required: true, description: 'Where these bytes start.' })
  @ApiConsumes('application/offset+octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiResponse({
    status: 204,
    description: 'Received; Upload-Offset is the new offset.',
    headers: OFFSET_HEADER,
  })
  @ApiResponse({ status: 409, description: 'Upload-Offset does not match the server.' })
  @ApiResponse(EXPIRED)
  @ApiResponse({ status: 413, description: 'Beyond the upload length or UPLOAD_MAX_BYTES.' })
  @OwnUpload()
  append(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.pass(request, reply);
  }

  @Delete(':uploadId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Abandon an upload (tus termination)' })
  @ApiResponse({ status: 204, description: 'Removed.' })
  @ApiResponse({ status: 409, description: 'Being made into a film right now.' })
  @OwnUpload()
  remove(
    @Param('uploadId') uploadId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    this.uploads.assertNotClaimed(uploadId);
    return this.pass(request, reply);
  }

  /** tus writes the response itself: Fastify lets go of it. */
  private async pass(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.hijack();
    await this.uploads.handle(request.raw, reply.raw);
  }
}
