import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CONFIG, PLATFORM_QUEUES, queueOptions, rolesHook, type BaseConfig } from '@kinora/common';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { JOBS_BOARD_PATH, JobsBoardAdapter } from './jobs-board.adapter';

/**
 * The jobs view: bull-board over every queue of the platform (on the shared Redis, under the
 * platform's key prefix), mounted on admin's Fastify at JOBS_BOARD_PATH for admins only: its page,
 * its static files and its JSON calls all answer a visitor 401 and anyone else 403.
 */
@Injectable()
export class JobsBoard implements OnModuleInit, OnApplicationShutdown {
  private readonly queues: Queue[];

  constructor(
    @Inject(CONFIG) config: BaseConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.queues = PLATFORM_QUEUES.map((name) => new Queue(name, queueOptions(config)));
  }

  async onModuleInit(): Promise<void> {
    const board = new JobsBoardAdapter().setBasePath(JOBS_BOARD_PATH);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: {
        uiConfig: { boardTitle: 'Kinora jobs', miscLinks: [{ text: 'Admin dashboard', url: '/admin' }] },
      },
    });
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    await fastify.register(
      async (scope) => {
        scope.addHook('onRequest', rolesHook('admin'));
        await scope.register(board.registerPlugin());
      },
      { prefix: JOBS_BOARD_PATH },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
