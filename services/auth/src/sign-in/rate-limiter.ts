import { Injectable } from '@nestjs/common';
import { RedisService } from '@kinora/common';

export interface Allowance {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters in Redis, shared by every replica of the service. */
@Injectable()
export class RateLimiter {
  constructor(private readonly redis: RedisService) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<Allowance> {
    const redisKey = `ratelimit:${key}`;
    const [[, count], , [, ttl]] = (await this.redis.client
      .multi()
      .incr(redisKey)
      .expire(redisKey, windowSeconds, 'NX')
      .ttl(redisKey)
      .exec()) as [[null, number], [null, number], [null, number]];
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, ttl) };
  }
}
