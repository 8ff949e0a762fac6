import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, type Identity } from '@kinora/common';
import { MemberRoute } from '../member-route';
import { SocialExportDto } from './dto/social-export.dto';
import { MemberExportService } from './member-export.service';

@ApiTags('your data')
@Controller('api/user/export')
export class MemberExportController {
  constructor(private readonly exports: MemberExportService) {}

  @MemberRoute(
    Get('social'),
    "The signed-in member's reviews, lists, follows, likes and notifications, for their data archive",
    SocialExportDto,
    [401],
  )
  export(@CurrentIdentity() caller: Identity): Promise<SocialExportDto> {
    return this.exports.export(caller.userId);
  }
}
