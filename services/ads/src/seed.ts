import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig, seedApiUrl, seedMain } from '@kinora/common';
import { configSchema } from './config';

/**
 * Demo ads (`node dist/src/seed.js <demo-catalog.json>`): reads `demo-ads.json` beside the catalog
 * manifest, renders its creatives with ffmpeg's generative sources into MEDIA_ROOT/ads/<key>/ (an
 * HLS master playlist over one 360p rendition, and the `creative.json` the creative picker lists),
 * then creates the advertisers and campaigns through the ads API as an admin would, so a fresh
 * platform plays ads. Idempotent: rendered creatives and existing advertisers are kept.
 * KINORA_SEED_ADS: `all` (default), `creatives` (render them, create no campaign: the e2e platform,
 * whose ads test makes its own campaign) or `none`.
 */

interface DemoCreative {
  key: string;
  label: string;
  seconds: number;
  video: string;
  audio: string;
}

interface DemoCampaign {
  advertiser: string;
  name: string;
  budget: number;
  cpm: number;
  delivery: 'even' | 'asap';
  /** Start and end, in days from now. */
  flightDays: [number, number];
  capPerViewerDay: number;
  capPerSession: number;
  status: string;
  targeting?: Record<string, unknown>;
  creative: { key: string; title: string; description: string; clickUrl: string };
}

interface DemoAds {
  creatives: DemoCreative[];
  advertisers: { name: string; websiteUrl?: string }[];
  campaigns: DemoCampaign[];
}

const DAY_MS = 86_400_000;
/** The seed acts as this admin (the headers the gateway sets for a signed-in admin). */
const SEED_ADMIN = { 'x-user-id': '00000000-0000-4000-8000-00000000ad5e', 'x-user-roles': 'admin' };

const log = (message: string) => console.log(`[ads seed] ${message}`);

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim().split('\n').pop()}`)),
    );
  });
}

/** One creative as HLS: 4 s segments of H.264 Main 640x360 with AAC stereo, renamed into place at the end. */
async function render(creative: DemoCreative, mediaRoot: string): Promise<void> {
  const dir = join(mediaRoot, 'ads', creative.key);
  if (existsSync(join(dir, 'creative.json'))) return;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(join(partial, '360p'), { recursive: true });
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', creative.video, '-f', 'lavfi', '-i', creative.audio],
    ...['-t', String(creative.seconds), '-vf', 'scale=640:360,setsar=1', '-r', '25'],
    ...['-c:v', 'libx264', '-profile:v', 'main', '-preset', 'veryfast', '-b:v', '700k', '-maxrate', '900k'],
    ...['-bufsize', '1800k', '-g', '100', '-keyint_min', '100', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-shortest'],
    ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', join(partial, '360p', 'seg_%05d.ts'), join(partial, '360p', 'index.m3u8')],
  ]);
  writeFileSync(
    join(partial, 'master.m3u8'),
    [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=1100000,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2"',
      '360p/index.m3u8',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(partial, 'creative.json'),
    `${JSON.stringify({ label: creative.label, duration: creative.seconds })}\n`,
  );
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  log(`rendered ${creative.key} (${creative.seconds} s)`);
}

async function call<T>(api: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...SEED_ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitForApi(api: string): Promise<void> {
  for (const deadline = Date.now() + 120_000; ;) {
    const ok = await fetch(`${api}/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`the ads API at ${api} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function main(catalogManifest: string): Promise<void> {
  const manifestPath = join(dirname(catalogManifest), 'demo-ads.json');
  const mode = process.env.KINORA_SEED_ADS || 'all';
  if (!['all', 'creatives', 'none'].includes(mode))
    throw new Error(`KINORA_SEED_ADS must be all, creatives or none (not "${mode}")`);
  if (mode === 'none' || !existsSync(manifestPath)) {
    log('no demo ads for this platform: nothing to do');
    return;
  }
  const config = loadConfig(configSchema);
  if (!config.MEDIA_ROOT) throw new Error('MEDIA_ROOT is not set: nowhere to put the creatives');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as DemoAds;
  for (const creative of manifest.creatives) await render(creative, config.MEDIA_ROOT);
  if (mode === 'creatives') return;

  const api = seedApiUrl(config.PORT);
  await waitForApi(api);
  const existing = await call<{ id: string; name: string }[]>(api, 'GET', '/api/ads/advertisers');
  const advertisers = new Map(existing.map((advertiser) => [advertiser.name, advertiser.id]));
  const durations = new Map(manifest.creatives.map((creative) => [creative.key, creative.seconds]));
  let created = 0;
  for (const advertiser of manifest.advertisers) {
    if (advertisers.has(advertiser.name)) continue;
    const { id } = await call<{ id: string }>(api, 'POST', '/api/ads/advertisers', advertiser);
    advertisers.set(advertiser.name, id);
    const now = Date.now();
    for (const campaign of manifest.campaigns.filter((c) => c.advertiser === advertiser.name)) {
      const { creative, flightDays, advertiser: _name, ...fields } = campaign;
      await call(api, 'POST', '/api/ads/campaigns', {
        ...fields,
        advertiserId: id,
        startsAt: new Date(now + flightDays[0] * DAY_MS).toISOString(),
        endsAt: new Date(now + flightDays[1] * DAY_MS).toISOString(),
        creatives: [
          {
            title: creative.title,
            description: creative.description,
            clickUrl: creative.clickUrl,
            videoUrl: `/media/ads/${creative.key}/master.m3u8`,
            duration: durations.get(creative.key),
          },
        ],
      });
      created += 1;
    }
  }
  log(created ? `${created} demo campaigns created` : 'demo campaigns already there: nothing to do');
}

seedMain('ads', main);
