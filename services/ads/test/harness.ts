import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, migrate } from '@kinora/common';
import {
  createTestApp,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { EnvelopeSchema, FilmStatus, FilmStatusChangedSchema, topicOf } from '@kinora/proto';
import Redis from 'ioredis';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { AdsUpkeep } from '../src/optimizations/ads-upkeep';

/** The creative videos every test's MEDIA_ROOT holds. */
export const VIDEOS = {
  water: { folder: 'sparkling-water', label: 'Sparkling water', duration: 15 },
  shoes: { folder: 'running-shoes', label: 'Running shoes', duration: 30 },
};
export const videoUrl = (video: { folder: string }) => `/media/ads/${video.folder}/master.m3u8`;

/** A test's own ads service: database, topics, Redis prefix, media folder, and the API in process. */
export interface Ads {
  database: TestDatabase;
  kafka: TestKafka;
  redis: TestRedis;
  config: Config;
  api: NestFastifyApplication;
  db: Client;
  /** A raw Redis connection (no prefix). */
  raw: Redis;
  producer: Producer;
  mediaRoot: string;
  /** Another replica on the same database, Redis prefix and topics. */
  replica(): Promise<NestFastifyApplication>;
  /** One pass of the upkeep (holdbacks into the log, ended flights, spent budgets). */
  upkeep(): Promise<void>;
  close(): Promise<void>;
}

export async function startAds(extra: Record<string, string> = {}): Promise<Ads> {
  const [database, kafka] = await Promise.all([createTestDatabase('ads'), createTestKafka(1)]);
  const redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const mediaRoot = await mkdtemp(join(tmpdir(), 'kinora-ads-media-'));
  for (const video of Object.values(VIDEOS)) {
    const folder = join(mediaRoot, 'ads', video.folder);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'master.m3u8'), '#EXTM3U\n');
    await writeFile(
      join(folder, 'creative.json'),
      JSON.stringify({ label: video.label, duration: video.duration }),
    );
  }
  // A folder without creative.json is no creative video.
  await mkdir(join(mediaRoot, 'ads', 'unlabelled'), { recursive: true });
  await writeFile(join(mediaRoot, 'ads', 'unlabelled', 'master.m3u8'), '#EXTM3U\n');
  const config = loadConfig(
    configSchema,
    serviceEnv({
      port: 1,
      database,
      kafka,
      redis,
      extra: {
        LOG_LEVEL: 'silent',
        KAFKA_SESSION_TIMEOUT_MS: '6000',
        KAFKA_FETCH_MAX_WAIT_MS: '500',
        MEDIA_ROOT: mediaRoot,
        // The specs run the upkeep themselves.
        ADS_UPKEEP_INTERVAL_MS: '3600000',
        ...extra,
      },
    }),
  ) as Config;
  const apps: NestFastifyApplication[] = [];
  const start = async () => {
    const app = await createTestApp(AppModule.forRoot(config));
    apps.push(app);
    return app;
  };
  const api = await start();
  const db = new Client({ connectionString: database.url });
  await db.connect();
  const raw = new Redis(config.REDIS_URL);
  const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  return {
    database,
    kafka,
    redis,
    config,
    api,
    db,
    raw,
    producer,
    mediaRoot,
    replica: start,
    upkeep: () => api.get(AdsUpkeep).run(),
    async close() {
      await Promise.allSettled([...apps.map((app) => app.close()), db.end(), producer.disconnect()]);
      raw.disconnect();
      await Promise.allSettled([
        database.drop(),
        kafka.cleanup(),
        redis.cleanup(),
        rm(mediaRoot, { recursive: true, force: true }),
      ]);
    },
  };
}

/** Publishes a published film as catalog announces it, and waits for the read model to hold it. */
export async function publishFilm(
  ads: Ads,
  film: { id: number; seconds: number; genre?: string; status?: FilmStatus },
): Promise<void> {
  const message = create(FilmStatusChangedSchema, {
    envelope: create(EnvelopeSchema, {
      eventId: randomUUID(),
      occurredAt: timestampFromDate(new Date()),
      producer: 'test',
    }),
    filmId: BigInt(film.id),
    status: film.status ?? FilmStatus.PUBLISHED,
    previousStatus: FilmStatus.PENDING,
    title: `Film ${film.id}`,
    genre: film.genre ?? 'Drama',
    durationMinutes: Math.max(1, Math.round(film.seconds / 60)),
    durationSeconds: film.seconds,
  });
  await ads.producer.send({
    topic: `${ads.kafka.prefix}${topicOf(FilmStatusChangedSchema)}`,
    messages: [{ key: String(film.id), value: Buffer.from(toBinary(FilmStatusChangedSchema, message)) }],
  });
  await eventually(
    async () =>
      (
        await ads.db.query('select 1 from films where id = $1 and duration_seconds = $2', [
          film.id,
          film.seconds,
        ])
      ).rowCount === 1,
    30_000,
    `film ${film.id} in the read model`,
  );
}

export const ADMIN = { 'x-user-id': 'admin-1', 'x-user-roles': 'admin' };
export const member = (userId: string) => ({ 'x-user-id': userId, 'x-user-roles': '' });
/** A visitor: an address (and agent) of their own. */
export const visitor = (address: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0') => ({
  'x-forwarded-for': address,
  'user-agent': userAgent,
});

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export interface CampaignInput {
  advertiserId: number;
  name?: string;
  budget?: number;
  cpm?: number;
  startsAt?: string;
  endsAt?: string;
  delivery?: 'even' | 'asap';
  capPerViewerDay?: number;
  capPerSession?: number;
  targeting?: Record<string, unknown>;
  status?: string;
  creatives?: Record<string, unknown>[];
}

export const creative = (title = 'Sip the sparkle') => ({
  title,
  description: 'Cold and bubbly.',
  videoUrl: videoUrl(VIDEOS.water),
  duration: 15,
  clickUrl: 'https://sparkle.example/buy',
});

export async function createAdvertiser(
  app: NestFastifyApplication,
  name = `Advertiser ${randomUUID().slice(0, 8)}`,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ads/advertisers',
    headers: ADMIN,
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`advertiser not created: ${response.body}`);
  return response.json() as { id: number; name: string };
}

/** An active asap campaign running since an hour ago for a day, with one creative, unless told otherwise. */
export async function createCampaign(app: NestFastifyApplication, input: CampaignInput) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ads/campaigns',
    headers: ADMIN,
    payload: {
      name: `Campaign ${randomUUID().slice(0, 8)}`,
      budget: 100,
      cpm: 5,
      startsAt: hoursFromNow(-1),
      endsAt: hoursFromNow(23),
      delivery: 'asap',
      status: 'active',
      creatives: [creative()],
      ...input,
    },
  });
  if (response.statusCode !== 201) throw new Error(`campaign not created: ${response.body}`);
  return response.json() as { id: number; creatives: { id: number }[]; [key: string]: unknown };
}

export interface SelectedAd {
  id: number;
  campaignId: number;
  token: string;
  placementType: string;
  position: number;
  [key: string]: unknown;
}

export async function select(
  app: NestFastifyApplication,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<SelectedAd | null> {
  const response = await app.inject({ method: 'POST', url: '/api/ads/select', headers, payload: body });
  if (response.statusCode === 204) return null;
  if (response.statusCode !== 200) throw new Error(`select: ${response.statusCode} ${response.body}`);
  return response.json() as SelectedAd;
}
