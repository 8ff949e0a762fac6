import { Module } from '@nestjs/common';
import { PrelaunchController } from './prelaunch.controller';
import { PrelaunchService } from './prelaunch.service';

@Module({ controllers: [PrelaunchController], providers: [PrelaunchService] })
export class PrelaunchModule {}
