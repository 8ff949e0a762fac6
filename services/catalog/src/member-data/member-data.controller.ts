import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, Responds, type Identity } from '@kinora/common';
import { CatalogExportDto } from './member-data.dto';
import { MemberDataService } from './member-data.service';

@ApiTags('your data')
@Controller('api/user/export')
@Authenticated()
export class CatalogExportController {
  constructor(private readonly data: MemberDataService) {}

  @Get('catalog')
  @ApiOperation({ summary: "The signed-in member's creator profile and its films, for their data archive" })
  @Responds({ ok: CatalogExportDto, errors: [401] })
  export(@CurrentIdentity() caller: Identity): Promise<CatalogExportDto> {
    return this.data.export(caller.userId);
  }
}
