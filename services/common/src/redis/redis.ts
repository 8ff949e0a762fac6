import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { CONFIG, type BaseConfig } from '../config/config';

/** The service's Redis connection; every key it writes carries REDIS_PREFIX. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(CONFIG) config: BaseConfig) {
    this.client = new Redis(config.REDIS_URL, {
      keyPrefix: config.REDIS_PREFIX,
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
    // Connection errors surface through the health check; ioredis reconnects by itself.
    this.client.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
