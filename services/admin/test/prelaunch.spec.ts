import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, migrate } from '@kinora/common';
import {
  createTestApp,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  serviceEnv,
  suffix,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;

before(async () => {
  [database, kafka] = await Promise.all([createTestDatabase('admin_prelaunch'), createTestKafka(1)]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const env = serviceEnv({ port: 1, database, kafka, redis, extra: { LOG_LEVEL: 'silent' } });
  sut = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
});

after(async () => {
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

const post = (url: string, payload: unknown) =>
  sut.inject({ method: 'POST', url, payload: payload as object });

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('waitlist', () => {
  test('an address joins once; a second time is a 409 with the message the page shows', async () => {
    const email = `fan-${suffix()}@example.com`;
    const first = await post('/api/waitlist', { email });
    assert.equal(first.statusCode, 201);
    assert.deepEqual(first.json(), { message: "Thanks! You're on the waitlist." });
    const again = await post('/api/waitlist', { email: `  ${email.toUpperCase()} ` });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json(), {
      statusCode: 409,
      error: 'Conflict',
      message: "You're already on our waitlist!",
    });
    assert.equal((await rows(`select * from waitlist where email = '${email}'`)).length, 1);
  });

  test('bad addresses are refused by name', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: 5 }, { email: 'a@b.co', more: true }]) {
      const response = await post('/api/waitlist', payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.match(response.json().message, /email|property more/);
    }
  });
});

describe('feedback', () => {
  test('is stored with an optional name', async () => {
    const email = `shaper-${suffix()}@example.com`;
    const response = await post('/api/feedback', {
      name: ' Ada ',
      email,
      vision: 'More documentaries about light.',
    });
    assert.equal(response.statusCode, 201);
    assert.equal((await post('/api/feedback', { email, vision: 'Anonymous idea' })).statusCode, 201);
    const stored = await rows(`select name, vision from feedback where email = '${email}' order by id`);
    assert.deepEqual(stored, [
      { name: 'Ada', vision: 'More documentaries about light.' },
      { name: null, vision: 'Anonymous idea' },
    ]);
  });

  test('vision and email are required and bounded', async () => {
    const cases: [unknown, RegExp][] = [
      [{ email: 'a@b.co' }, /vision must be a string/],
      [{ email: 'a@b.co', vision: '   ' }, /vision is required/],
      [
        { email: 'a@b.co', vision: 'x'.repeat(5001) },
        /vision must be shorter than or equal to 5000 characters/,
      ],
      [{ vision: 'hello' }, /email must be a valid email address/],
      [
        { email: 'a@b.co', vision: 'hi', name: 'n'.repeat(101) },
        /name must be shorter than or equal to 100 characters/,
      ],
    ];
    for (const [payload, problem] of cases) {
      const response = await post('/api/feedback', payload);
      assert.equal(response.statusCode, 400);
      assert.match(response.json().message, problem);
    }
  });

  test('random payloads to waitlist and feedback never get a 5xx (property-based)', async () => {
    const payload = fc.oneof(
      fc.anything(),
      fc.record(
        {
          email: fc.oneof(fc.emailAddress(), fc.string(), fc.anything()),
          name: fc.oneof(fc.string(), fc.anything()),
          vision: fc.oneof(fc.string(), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/waitlist', '/api/feedback'), payload, async (url, body) => {
        const raw = JSON.stringify(body);
        const response = await sut.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: raw === undefined ? '' : raw,
        });
        assert.ok(response.statusCode < 500, `${url} ${raw} → ${response.statusCode} ${response.body}`);
      }),
      { numRuns: 200 },
    );
  });
});
