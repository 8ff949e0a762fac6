// A member downloads catalog's part of their data (their creator profile and its films), then
// deletes their account (auth.user-deleted.v1, delivered twice): the profile says nothing of them
// any more, its films stay, and the creator page shows neither their name nor their address.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { encodeEvent, eventually, startTestService, type TestService } from '@kinora/common/testing';
import { topicOf, UserDeletedSchema } from '@kinora/proto';
import { tmpdir } from 'node:os';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { DELETED_CREATOR_BIO } from '../src/creators/user-deleted.handler';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;
let creatorId: number;
const ADA = '11111111-1111-4111-8111-111111111111';
const TOMBSTONE = `deleted-${ADA}@deleted.invalid`;

beforeAll(async () => {
  service = await startTestService({
    name: 'catalog_deleted_member',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    env: { MEDIA_ROOT: tmpdir() },
    partitions: 1,
  });
  ({ api: sut, db } = service);
  await db.query(
    `insert into known_users (id, email, first_name, last_name, registered_at) values ($1, 'ada@example.com', 'Ada', 'Vale', now())`,
    [ADA],
  );
  const { rows } = await db.query<{ id: number }>(
    `insert into creators (user_id, bio, website, social_links) values ($1, 'Fractal worlds by Ada Vale.', 'https://ada.example', '{"twitter":"adavale"}') returning id`,
    [ADA],
  );
  creatorId = rows[0]!.id;
  await db.query(
    `insert into films (title, description, genre, language, duration_minutes, release_year, creator_id, status,
       published_at, video_url, poster_url)
     values ('Nebula Dreams', 'Gas clouds.', 'Sci-Fi', 'English', 12, 2024, $1, 'published', now(), '/v', '/p')`,
    [creatorId],
  );
});

afterAll(async () => {
  await service?.close();
});

test("a deleted creator's profile keeps its films and names nobody", async () => {
  expect((await sut.inject({ method: 'GET', url: '/api/user/export/catalog' })).statusCode).toBe(401);
  const exported = await sut.inject({
    method: 'GET',
    url: '/api/user/export/catalog',
    headers: { 'x-user-id': ADA },
  });
  expect(exported.json()).toMatchObject({
    creatorProfile: {
      id: creatorId,
      bio: 'Fractal worlds by Ada Vale.',
      website: 'https://ada.example',
      socialLinks: { twitter: 'adavale' },
      films: [{ title: 'Nebula Dreams', status: 'published' }],
    },
  });

  const { eventId, value } = encodeEvent(UserDeletedSchema, {
    user: {
      userId: ADA,
      email: TOMBSTONE,
      subscriptionType: 'free',
      createdAt: timestampFromDate(new Date()),
    },
    version: 4n,
    deletedAt: timestampFromDate(new Date()),
    creatorId: BigInt(creatorId),
  });
  const topic = `${service.kafka.prefix}${topicOf(UserDeletedSchema)}`;
  await service.producer.send({
    topic,
    messages: [
      { key: ADA, value },
      { key: ADA, value },
    ],
  });
  await eventually(
    async () =>
      (await db.query('select 1 from processed_events where event_id = $1', [eventId])).rowCount === 2,
    20_000,
    'both handlers',
  );

  const page = await sut.inject({ method: 'GET', url: `/api/creators/${creatorId}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).not.toMatch(/Ada|Vale|ada@example\.com|adavale|ada\.example/);
  expect(page.json()).toMatchObject({ bio: DELETED_CREATOR_BIO });
  const films = await sut.inject({ method: 'GET', url: '/api/films' });
  expect(films.body).toContain('Nebula Dreams');
  expect(films.body).not.toMatch(/"Ada"|Vale/);
});
