import { Module } from '@nestjs/common';
import { PrelaunchAdminController } from './prelaunch-admin.controller';
import { PrelaunchController } from './prelaunch.controller';
import { PrelaunchRepository } from './prelaunch.repository';
import { PrelaunchService } from './prelaunch.service';

@Module({
  controllers: [PrelaunchController, PrelaunchAdminController],
  providers: [PrelaunchService, PrelaunchRepository],
})
export class PrelaunchModule {}
