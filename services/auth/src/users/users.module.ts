import { Module } from '@nestjs/common';
import { BrowserNavigationController, UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController, BrowserNavigationController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
