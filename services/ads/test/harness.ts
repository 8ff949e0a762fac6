import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eventually, startTestService, type TestService } from '@kinora/common/testing';
import { FilmStatus, FilmStatusChangedSchema } from '@kinora/proto';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
export interface Ads extends TestService<Config> {
  /** A raw Redis connection (no prefix). */
  raw: Redis;
  mediaRoot: string;
  /** Another replica on the same database, Redis prefix and topics. */
  replica(): Promise<NestFastifyApplication>;
  /** One pass of the upkeep (holdbacks into the log, ended flights, spent budgets). */
  upkeep(): Promise<void>;
}

/** A media folder with the creatives of VIDEOS, and one video without its label file. */
async function mediaFolder(): Promise<string> {
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
  await mkdir(join(mediaRoot, 'ads', 'unlabelled'), { recursive: true });
  await writeFile(join(mediaRoot, 'ads', 'unlabelled', 'master.m3u8'), '#EXTM3U\n');
  return mediaRoot;
}

export async function startAds(extra: Record<string, string> = {}): Promise<Ads> {
  const mediaRoot = await mediaFolder();
  const service = await startTestService({
    name: 'ads',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
    env: { MEDIA_ROOT: mediaRoot, ADS_UPKEEP_INTERVAL_MS: '3600000', ...extra },
  });
  const raw = new Redis(service.config.REDIS_URL);
  service.onClose(() => raw.disconnect());
  service.onClose(() => rm(mediaRoot, { recursive: true, force: true }));
  return {
    ...service,
    raw,
    mediaRoot,
    replica: service.startApp,
    upkeep: () => service.api.get(AdsUpkeep).run(),
  };
}

/** Publishes a published film as catalog announces it, and waits for the read model to hold it. */
export async function publishFilm(
  ads: Ads,
  film: { id: number; seconds: number; genre?: string; status?: FilmStatus },
): Promise<void> {
  await ads.publish(FilmStatusChangedSchema, String(film.id), {
    filmId: BigInt(film.id),
    status: film.status ?? FilmStatus.PUBLISHED,
    previousStatus: FilmStatus.PENDING,
    title: `Film ${film.id}`,
    genre: film.genre ?? 'Drama',
    durationMinutes: Math.max(1, Math.round(film.seconds / 60)),
    durationSeconds: film.seconds,
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
