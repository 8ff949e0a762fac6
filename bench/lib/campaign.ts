/**
 * A bench's own ad campaign, so that ad breaks are filled and impressions recorded (the demo
 * campaigns may be missing or spent): made on the ads admin API, directly by default (not through
 * the gateway) or through the gateway as a signed-in admin where ads cannot be reached (compose),
 * with a budget no bench spends and caps no viewer reaches. The bench deletes it and its advertiser
 * when it ends, so that nothing of it stays in the admin's Advertising tab (what it recorded stays
 * in analytics, as every deleted campaign's does).
 */
import { SERVICES } from '../../infra/local/config.js';
import { BenchError } from './wrk.js';

const ADMIN = { 'x-user-id': '00000000-0000-4000-8000-0000000bec40', 'x-user-roles': 'admin' };
const ADS_URL = `http://127.0.0.1:${SERVICES.find((service) => service.name === 'ads')!.port}`;

/** A call on the ads admin API. */
export type AdsAdmin = <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<T>;

/** The ads admin API through the gateway, as the admin whose session cookie this is. */
export function gatewayAdmin(gateway: string, cookie: string): AdsAdmin {
  return (method, path, body) => call(`${gateway}${path}`, method, { cookie, origin: gateway }, body);
}

const directAdmin: AdsAdmin = (method, path, body) => call(`${ADS_URL}${path}`, method, ADMIN, body);

async function call<T>(
  url: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const path = new URL(url).pathname;
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok)
    throw new BenchError(`ads ${method} ${path}: ${response.status} ${await response.text()}`, 2);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * Makes a campaign named `label` (and its advertiser), eligible for `durationMs` and ten minutes
 * more; undefined when there is no creative video to show.
 */
export async function createCampaign(
  label: string,
  durationMs: number,
  admin: AdsAdmin = directAdmin,
): Promise<string | undefined> {
  const [video] = await admin<{ videoUrl: string; duration: number }[]>('GET', '/api/ads/creative-videos');
  if (!video) return undefined;
  const stamp = Date.now().toString(36);
  const advertiser = await admin<{ id: string }>('POST', '/api/ads/advertisers', {
    name: `${label} ${stamp}`,
  });
  const campaign = await admin<{ id: string }>('POST', '/api/ads/campaigns', {
    advertiserId: advertiser.id,
    name: `${label} ${stamp}`,
    budget: 1_000_000,
    cpm: 0.1,
    delivery: 'asap',
    status: 'active',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + durationMs + 600_000).toISOString(),
    capPerViewerDay: 100,
    capPerSession: 10,
    creatives: [
      {
        title: label,
        description: `Shown by the ${label.toLowerCase()} benchmark.`,
        clickUrl: 'https://example.com/',
        videoUrl: video.videoUrl,
        duration: video.duration,
      },
    ],
  });
  return campaign.id;
}

/**
 * Deletes the campaign and then its advertiser: best effort, as a bench ends however it ends, but
 * said when it fails, so that what stays behind is known.
 */
export async function removeCampaign(id: string, admin: AdsAdmin = directAdmin): Promise<void> {
  try {
    const { advertiserId } = await admin<{ advertiserId: number }>('GET', `/api/ads/campaigns/${id}`);
    await admin('DELETE', `/api/ads/campaigns/${id}`);
    await admin('DELETE', `/api/ads/advertisers/${advertiserId}`);
  } catch (error) {
    console.error(`the bench's campaign ${id} stays behind: ${(error as Error).message}`);
  }
}
