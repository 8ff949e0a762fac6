// The critics specs' shared set-up: the social app on its own database, topics and mail catcher,
// three published-or-pending films, and helpers to call it as a visitor, member, critic or admin.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  eventually,
  startMailCatcher,
  startTestService,
  type MailCatcher,
  type TestService,
} from '@kinora/common/testing';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let mail: MailCatcher;
export let sut: NestFastifyApplication;
export let db: Client;

export const ADMIN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const MEMBER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const CRITIC_USER = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const FILM = 301;
export const OTHER_FILM = 302;
export const PENDING_FILM = 303;
const PUBLIC_URL = 'https://kinora.test';

export type Method = 'GET' | 'POST' | 'PATCH';
export const headersOf = (userId?: string, roles?: string): Record<string, string> => ({
  ...(userId ? { 'x-user-id': userId } : {}),
  ...(roles ? { 'x-user-roles': roles } : {}),
});
export const call = (method: Method, url: string, payload?: unknown, userId?: string, roles?: string) =>
  sut.inject({
    method,
    url,
    headers: headersOf(userId, roles),
    ...(payload ? { payload: payload as object } : {}),
  });
export const asAdmin = (method: Method, url: string, payload?: unknown) =>
  call(method, url, payload, ADMIN, 'admin');
export const asCritic = (method: Method, url: string, payload?: unknown) =>
  call(method, url, payload, CRITIC_USER, 'critic');

export const profile = {
  firstName: 'Pauline',
  lastName: 'Kael',
  bio: 'Forty years of film criticism.',
  website: 'https://kael.example.com',
  expertise: ['Drama', 'Crime'],
  socialLinks: {
    twitter: '@kael',
    instagram: '',
    linkedin: 'pkael',
    website: 'https://kael.example.com/links',
  },
};

/** Publishes an event to the spec's topics as its producer service would. */
export const publish: TestService<Config>['publish'] = (...args) => service.publish(...args);

/** Registers the set-up and tear-down of one spec file. */
export function setUpCriticsHarness(label: string): void {
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
      `insert into films (id, status, title, genre, duration_minutes, poster_url, creator_id, updated_at) values
       ($1, 'published', 'Tidal', 'Drama', 12, '/media/posters/301.jpg', 9, now()),
       ($2, 'published', 'Loop', 'Sci-Fi', 7, null, 9, now()),
       ($3, 'pending', 'Soon', 'Drama', 9, null, 9, now())`,
      [FILM, OTHER_FILM, PENDING_FILM],
    );
  });

  afterAll(async () => {
    await service?.close();
    await mail?.stop();
  });
}

export function expectError(response: Awaited<ReturnType<typeof call>>, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.json().statusCode).toBe(status);
  if (message) expect(response.json().message).toMatch(message);
}

/** Invites the address as an admin and reads the token from the mail the catcher received. */
export async function invite(email: string): Promise<string> {
  const seen = new Set((await mail.messagesTo(email)).map((message) => message.id));
  const response = await asAdmin('POST', '/api/critics/invitations', { email });
  expect(response.statusCode).toBe(201);
  expect(response.json().email).toBe(email.toLowerCase());
  const message = await eventually(
    async () => (await mail.messagesTo(email)).find((candidate) => !seen.has(candidate.id)),
    10_000,
    `an invitation mailed to ${email}`,
  );
  expect(message.subject).toBe('You are invited to review films on Kinora');
  const link = new RegExp(`${PUBLIC_URL}/critic-signup\\?token=([A-Za-z0-9_-]{43})`).exec(message.text);
  expect(link).not.toBeNull();
  return link![1]!;
}

/** Makes the account with this address known to social, as auth's user events do. */
export async function knownUser(userId: string, email: string) {
  await db.query(
    `insert into known_users (id, email, registered_at) values ($1, $2, now()) on conflict (id) do nothing`,
    [userId, email],
  );
}
