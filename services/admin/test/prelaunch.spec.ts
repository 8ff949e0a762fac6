import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  startTestService,
  suffix,
  type TestService,
  assertUrlInputsNeverFail,
  injectSender,
  openApiDocument,
} from '@kinora/common/testing';
import fc from 'fast-check';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let sut: NestFastifyApplication;

beforeAll(async () => {
  service = await startTestService({
    name: 'admin_prelaunch',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
  });
  sut = service.api;
});

afterAll(async () => {
  await service?.close();
});

const post = (url: string, payload: unknown) =>
  sut.inject({ method: 'POST', url, payload: payload as object });

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (await service.db.query(sql)).rows;
}

describe('waitlist', () => {
  test('an address joins once; a second time is a 409 with the message the page shows', async () => {
    const email = `fan-${suffix()}@example.com`;
    const first = await post('/api/waitlist', { email });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toStrictEqual({ message: "Thanks! You're on the waitlist." });
    const again = await post('/api/waitlist', { email: `  ${email.toUpperCase()} ` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toStrictEqual({
      statusCode: 409,
      error: 'Conflict',
      message: "You're already on our waitlist!",
    });
    expect((await rows(`select * from waitlist where email = '${email}'`)).length).toBe(1);
  });

  test('bad addresses are refused by name', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: 5 }, { email: 'a@b.co', more: true }]) {
      const response = await post('/api/waitlist', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/email|property more/);
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
    expect(response.statusCode).toBe(201);
    expect((await post('/api/feedback', { email, vision: 'Anonymous idea' })).statusCode).toBe(201);
    const stored = await rows(`select name, vision from feedback where email = '${email}' order by id`);
    expect(stored).toStrictEqual([
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
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(problem);
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
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the admin lists', () => {
  const ADMIN = { 'x-user-id': '77777777-7777-4777-8777-777777777777', 'x-user-roles': 'admin' };
  const MEMBER = { 'x-user-id': '88888888-8888-4888-8888-888888888888', 'x-user-roles': 'user,creator' };
  const get = (url: string, headers: Record<string, string> = ADMIN) =>
    sut.inject({ method: 'GET', url, headers });

  test('waitlist and feedback are for admins only: visitors 401, others 403', async () => {
    for (const url of ['/api/admin/waitlist', '/api/admin/feedback']) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, MEMBER)).statusCode).toBe(403);
      expect((await get(url, MEMBER)).json().statusCode).toBe(403);
    }
  });

  test('waitlist entries and feedback, newest first and paged', async () => {
    const tag = suffix();
    await rows(`
      insert into waitlist (email, created_at) values
        ('old-${tag}@example.com', '2030-01-01T00:00:00Z'), ('new-${tag}@example.com', '2030-01-02T00:00:00Z')`);
    await rows(`
      insert into feedback (name, email, vision, created_at) values
        (null, 'a-${tag}@example.com', 'First idea', '2030-01-01T00:00:00Z'),
        ('Ada', 'b-${tag}@example.com', 'Second idea', '2030-01-02T00:00:00Z')`);
    const waitlist = await get('/api/admin/waitlist?limit=2');
    expect(waitlist.statusCode).toBe(200);
    expect(waitlist.json()).toStrictEqual([
      { email: `new-${tag}@example.com`, createdAt: '2030-01-02T00:00:00.000Z' },
      { email: `old-${tag}@example.com`, createdAt: '2030-01-01T00:00:00.000Z' },
    ]);
    expect((await get('/api/admin/waitlist?limit=1&offset=1')).json()).toStrictEqual([
      { email: `old-${tag}@example.com`, createdAt: '2030-01-01T00:00:00.000Z' },
    ]);
    const feedback = (await get('/api/admin/feedback?limit=2')).json();
    expect(feedback).toStrictEqual([
      {
        id: expect.any(Number),
        name: 'Ada',
        email: `b-${tag}@example.com`,
        vision: 'Second idea',
        createdAt: '2030-01-02T00:00:00.000Z',
      },
      {
        id: expect.any(Number),
        name: null,
        email: `a-${tag}@example.com`,
        vision: 'First idea',
        createdAt: '2030-01-01T00:00:00.000Z',
      },
    ]);
    expect((await get('/api/admin/feedback?limit=101')).statusCode).toBe(400);
  });
});

describe('query strings and path parameters', () => {
  test('no input in any documented operation gets a 5xx, every 4xx is JSON', async () => {
    const document = openApiDocument('admin');
    let sent = 0;
    for (const headers of [
      {},
      { 'x-user-id': '77777777-7777-4777-8777-777777777777', 'x-user-roles': 'admin' },
    ] as Record<string, string>[]) {
      sent += await assertUrlInputsNeverFail({ document, send: injectSender(sut, headers), runs: 25 });
    }
    expect(sent).toBeGreaterThan(0);
  });
});
