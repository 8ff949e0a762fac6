import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsInt, IsString, MaxLength, Min } from 'class-validator';
import Redis from 'ioredis';
import pg from 'pg';
import { loadConfig, baseConfigSchema } from '../src/config/config';
import { migrate } from '../src/database/database';
import { isDependencyUnavailable } from '../src/http/errors';
import { Roles } from '../src/identity/identity';
import { PlatformModule } from '../src/platform/platform.module';
import {
  createTestApp,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '../src/testing';

class CreateThingDto {
  @IsString()
  @MaxLength(20)
  name!: string;

  @IsInt()
  @Min(1)
  count!: number;
}

@Controller('api')
class ThingsController {
  @Post('things')
  create(@Body() body: CreateThingDto) {
    return { created: body.name, count: body.count };
  }

  @Get('admin-only')
  @Roles('admin')
  adminOnly() {
    return { ok: true };
  }

  @Get('boom')
  boom() {
    throw new Error('secret internal detail');
  }

  /** A query to a PostgreSQL that is not there (nothing listens on port 1). */
  @Get('database-away')
  async databaseAway() {
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });
    try {
      await client.connect();
      return await client.query('select 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** A command to a Redis that is not there. */
  @Get('redis-away')
  async redisAway() {
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true });
    redis.on('error', () => undefined);
    try {
      return await redis.get('anything');
    } finally {
      redis.disconnect();
    }
  }
}

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;

beforeAll(async () => {
  database = await createTestDatabase('common_http');
  kafka = await createTestKafka(1);
  redis = await createTestRedis();
  await migrate({ url: database.url, entities: [], migrations: [] });
  const config = loadConfig(
    baseConfigSchema,
    serviceEnv({ port: 1, database, kafka, redis, extra: { LOG_LEVEL: 'silent' } }),
  );
  @Module({
    imports: [PlatformModule.forService({ name: 'test', config, entities: [], migrations: [] })],
    controllers: [ThingsController],
  })
  class TestModule {}
  sut = await createTestApp({ module: TestModule });
});

afterAll(async () => {
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

const inject = (options: Parameters<NestFastifyApplication['inject']>[0]) => sut.inject(options);

function assertJsonError(response: Awaited<ReturnType<typeof inject>>, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/application\/json/);
  const body = response.json() as { statusCode: number; error: string; message: string };
  expect(body.statusCode).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toMatch(message);
  return body;
}

describe('HTTP errors are JSON 4xx, never 500, for bad input', () => {
  test('malformed JSON body', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x", ',
    });
    assertJsonError(response, 400, /JSON/);
  });

  test('unknown route', async () => {
    assertJsonError(await inject({ method: 'GET', url: '/api/no/such/route' }), 404);
    assertJsonError(await inject({ method: 'DELETE', url: '/api/things' }), 404);
  });

  test('missing and mistyped fields are named', async () => {
    const body = assertJsonError(
      await inject({ method: 'POST', url: '/api/things', payload: { name: 42 } }),
      400,
    );
    expect(body.message).toMatch(/name must be a string/);
    expect(body.message).toMatch(/count must be an integer/);
  });

  test('unknown fields are rejected by name', async () => {
    assertJsonError(
      await inject({ method: 'POST', url: '/api/things', payload: { name: 'a', count: 1, admin: true } }),
      400,
      /property admin should not exist/,
    );
  });

  test('oversize body', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 }),
    });
    assertJsonError(response, 413);
  });

  test('unsupported content type', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/xml' },
      payload: '<thing/>',
    });
    assertJsonError(response, 415);
  });

  test('a valid body passes', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: 'film', count: 2 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toStrictEqual({ created: 'film', count: 2 });
  });

  test('an unexpected failure is a JSON 500 that leaks nothing', async () => {
    const body = assertJsonError(await inject({ method: 'GET', url: '/api/boom' }), 500);
    expect(JSON.stringify(body)).not.toMatch(/secret internal detail/);
  });
});

describe('a dependency that cannot be reached is a JSON 503 to try again after, not a 500', () => {
  test.each(['/api/database-away', '/api/redis-away'])('%s', async (url) => {
    const response = await inject({ method: 'GET', url });
    assertJsonError(response, 503, /unavailable/);
    expect(response.headers['retry-after']).toBe('5');
  });

  test('PostgreSQL stopping, and the errors MikroORM wraps, are recognised; other errors are not', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDependencyUnavailable(shutdown)).toBe(true);
    expect(isDependencyUnavailable({ name: 'DriverException', message: 'x', previous: shutdown })).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('no pool'), { name: 'KnexTimeoutError' }))).toBe(
      true,
    );
    const beginFailed = new Error('Transaction query already complete, run with DEBUG=knex:tx for more info');
    expect(isDependencyUnavailable({ name: 'DriverException', message: beginFailed.message })).toBe(true);
    expect(isDependencyUnavailable(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isDependencyUnavailable(new Error('secret internal detail'))).toBe(false);
  });
});

describe('identity guard', () => {
  test('anonymous gets 401, the wrong role 403, the right role 200', async () => {
    assertJsonError(await inject({ method: 'GET', url: '/api/admin-only' }), 401, /Unauthorized/);
    assertJsonError(
      await inject({
        method: 'GET',
        url: '/api/admin-only',
        headers: { 'x-user-id': 'u1', 'x-user-roles': 'critic' },
      }),
      403,
    );
    const ok = await inject({
      method: 'GET',
      url: '/api/admin-only',
      headers: { 'x-user-id': 'u1', 'x-user-roles': 'creator,admin' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('operations endpoints', () => {
  test('health reports database, redis and kafka', async () => {
    const response = await inject({ method: 'GET', url: '/health' });
    const body = response.json() as { status: string; info: Record<string, { status: string }> };
    expect(response.statusCode).toBe(200);
    expect(body.status).toBe('ok');
    expect(Object.keys(body.info).sort()).toStrictEqual(['database', 'kafka', 'redis']);
  });

  test('metrics are Prometheus text with request latency', async () => {
    await inject({ method: 'GET', url: '/api/no/such/route' });
    const response = await inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/http_request_duration_seconds_bucket/);
  });

  test('responses carry the gateway request id', async () => {
    const response = await inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'req-123' },
    });
    expect(response.headers['x-request-id']).toBe('req-123');
  });
});
