import { applyDecorators, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '@kinora/common';

/** A controller of the ads document whose every route is for admins only. */
export const AdsAdminController = (path: string) =>
  applyDecorators(ApiTags('ads'), Controller(path), Roles('admin'));
