// The admin specs' shared set-up: the admin app on its own database, topics and mail catcher, the
// accounts it knows, and helpers to call it as a visitor, member or admin and to deliver catalog's
// film status events through Kafka as catalog would.
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  encodeEvent,
  eventually,
  startMailCatcher,
  startTestService,
  type MailCatcher,
  type TestService,
} from '@kinora/common/testing';
import { FilmDeletedSchema, FilmStatus, FilmStatusChangedSchema, topicOf } from '@kinora/proto';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

export let service: TestService<Config>;
export let mail: MailCatcher;
export let sut: NestFastifyApplication;
export let db: Client;

export const ADMIN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const MEMBER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const CREATOR_USER = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const CREATOR_EMAIL = 'maya@example.com';
export const PUBLIC_URL = 'https://kinora.test';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
export const headersOf = (userId?: string, roles?: string): Record<string, string> => ({
  ...(userId ? { 'x-user-id': userId } : {}),
  ...(roles ? { 'x-user-roles': roles } : {}),
});
export const call = (method: Method, url: string, payload?: unknown, userId?: string, roles?: string) =>
  sut.inject({
    method,
    url,
    headers: headersOf(userId, roles),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
export const asAdmin = (method: Method, url: string, payload?: unknown) =>
  call(method, url, payload, ADMIN, 'admin');
export const asMember = (method: Method, url: string, payload?: unknown) =>
  call(method, url, payload, MEMBER, 'user');

export function expectError(response: Awaited<ReturnType<typeof call>>, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.json().statusCode).toBe(status);
  if (message) expect(response.json().message).toMatch(message);
}

/** Registers the set-up and tear-down of one spec file. */
export function setUpAdminHarness(label: string): void {
  beforeAll(async () => {
    mail = await startMailCatcher();
    service = await startTestService({
      name: label,
      schema: DATABASE,
      configSchema,
      app: (config) => AppModule.forRoot(config as Config),
      partitions: 1,
      env: { SMTP_URL: mail.smtpUrl, PUBLIC_URL: `${PUBLIC_URL}/` },
    });
    ({ api: sut, db } = service);
    await db.query(
      `insert into known_users (id, email, first_name, last_name, profile_image_url, registered_at) values
        ($1, 'root@example.com', 'Ada', 'Admin', null, now()),
        ($2, 'bo@example.com', 'Bo', 'Reyes', null, now()),
        ($3, $4, 'Maya', 'Lin', '/media/avatars/maya.jpg', now())`,
      [ADMIN, MEMBER, CREATOR_USER, CREATOR_EMAIL],
    );
  });

  afterAll(async () => {
    await service?.close();
    await mail?.stop();
  });
}

type FilmFields = Omit<MessageInitShape<typeof FilmStatusChangedSchema>, 'envelope' | '$typeName'>;

/** A film's status event as catalog writes it, with every detail moderation shows. */
export function filmEvent(filmId: number, fields: Partial<FilmFields> = {}): FilmFields {
  return {
    filmId: BigInt(filmId),
    status: FilmStatus.PENDING,
    previousStatus: FilmStatus.PENDING,
    title: `Film ${filmId}`,
    creatorId: 9n,
    creatorUserId: CREATOR_USER,
    genre: 'Drama',
    durationMinutes: 12,
    posterUrl: `/media/posters/${filmId}.jpg`,
    description: 'A quiet film.',
    language: 'English',
    releaseYear: 2026,
    videoUrl: `/media/films/${filmId}/master.m3u8`,
    submittedAt: timestampFromDate(new Date('2026-11-01T10:00:00Z')),
    ...fields,
  };
}

/**
 * Publishes film status events on the test topic (each message as many times as listed, to show
 * redelivery) and waits until admin's consumer has processed every distinct event id.
 */
export async function deliver(events: { event: FilmFields; occurredAt?: Date; eventId?: string }[]) {
  const messages = events.map(({ event, occurredAt, eventId }) => {
    const { eventId: id, value } = encodeEvent(FilmStatusChangedSchema, event, {
      eventId,
      occurredAt,
      producer: 'catalog',
    });
    return { id, key: String(event.filmId), value };
  });
  await service.producer.send({
    topic: `${service.kafka.prefix}${topicOf(FilmStatusChangedSchema)}`,
    messages: messages.map(({ key, value }) => ({ key, value })),
  });
  const ids = [...new Set(messages.map((message) => message.id))];
  await eventually(
    async () => {
      const { rows } = await db.query<{ count: number }>(
        `select count(distinct handler || event_id)::int as count from processed_events where event_id = any($1::uuid[])`,
        [ids],
      );
      // Two handlers (the read model and the mails) apply every event.
      return rows[0]!.count === ids.length * 2;
    },
    20_000,
    'the film events processed',
  );
}

/**
 * Publishes one event on the test topic (`times` over, as a redelivery would) and waits until admin
 * has processed it; returns its event id.
 */
export async function publish<S extends DescMessage>(
  schema: S,
  event: Omit<MessageInitShape<S>, 'envelope' | '$typeName'>,
  {
    key,
    producer,
    occurredAt,
    times = 1,
  }: { key: string; producer: string; occurredAt?: Date; times?: number },
): Promise<string> {
  const { eventId, value } = encodeEvent(schema, event, { occurredAt, producer });
  await service.producer.send({
    topic: `${service.kafka.prefix}${topicOf(schema)}`,
    messages: Array.from({ length: times }, () => ({ key, value })),
  });
  await eventually(
    async () =>
      (await db.query('select 1 from processed_events where event_id = $1', [eventId])).rowCount === 1,
    20_000,
    `${schema.name} processed`,
  );
  return eventId;
}

/** Publishes catalog.film-deleted.v1 for `filmId` and waits until admin has processed it. */
export async function deliverDeleted(filmId: number, occurredAt = new Date()): Promise<void> {
  await publish(
    FilmDeletedSchema,
    { filmId: BigInt(filmId) },
    { key: String(filmId), producer: 'catalog', occurredAt },
  );
}
