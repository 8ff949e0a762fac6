import { Module } from '@nestjs/common';
import { JobsBoard } from './jobs-board';

@Module({ providers: [JobsBoard] })
export class JobsModule {}
