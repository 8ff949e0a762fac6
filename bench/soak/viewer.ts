/**
 * One simulated viewer of the soak, looping until the soak stops: open the site, browse, open a
 * film, play it (a viewing session, the HLS playlists and a segment, the ad breaks, a session update
 * every 30 s), and, signed in, sometimes review the film or follow or unfollow its creator. Every
 * wait ends early when the soak stops; a viewer that is playing then closes its session, as the
 * player does.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Recorder } from './stats.js';

export const BASELINE_ROUTE = 'GET / (baseline: nginx static index.html)';

export interface Film {
  id: number;
  title: string;
  genre: string;
  /** Minutes, as the catalog gives it. */
  duration: number;
  creatorId: number;
}

/** A signed-in member, shared by several viewers like a household. */
export interface Member {
  cookie: string;
  /** The member's writes (review, follow) run one at a time, as one person's would. */
  writes: Promise<unknown>;
  following: Set<number>;
}

export interface Soak {
  recorder: Recorder;
  films: Film[];
  /** Aborted when the soak's time is up. */
  stop: AbortSignal;
}

const SORTS = ['featured', 'newest', 'popular', 'rating'] as const;
const UPDATE_EVERY_MS = 30_000;
/** Updates per play, at least and at most (a play lasts 30 s to 2 min). */
const PLAY_UPDATES = [1, 4] as const;

const between = (low: number, high: number) => low + Math.random() * (high - low);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Ad {
  id: number;
  token: string;
  duration: number;
  videoUrl: string;
}

interface Placement {
  position: number;
  placementType: 'pre_roll' | 'mid_roll' | 'post_roll';
}

export class Viewer {
  private readonly headers: Record<string, string>;

  constructor(
    private readonly soak: Soak,
    n: number,
    private readonly member: Member | undefined,
  ) {
    this.headers = {
      // Visitors are told apart by their agent (the gateway gives them all one address).
      'user-agent': `KinoraSoak/1.0 (viewer ${n})`,
      ...(member ? { cookie: member.cookie } : {}),
    };
  }

  private get stopped(): boolean {
    return this.soak.stop.aborted;
  }

  /** Waits `ms`, or less when the soak stops. */
  private pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.soak.stop }).catch(() => undefined);
  }

  private readonly think = () => this.pause(between(2_000, 6_000));

  private call(
    route: string,
    path: string,
    options: Omit<Parameters<Recorder['call']>[0], 'route' | 'path'> = {},
  ) {
    return this.soak.recorder.call({
      route,
      path,
      ...options,
      headers: { ...this.headers, ...options.headers },
    });
  }

  /** Loops until the soak stops; starts after `delayMs` so that viewers are spread out. */
  async run(delayMs: number): Promise<void> {
    await this.pause(delayMs);
    while (!this.stopped) {
      await this.call(BASELINE_ROUTE, '/');
      await this.browse();
      await this.think();
      if (this.stopped) break;
      const film = pick(this.soak.films);
      await this.open(film);
      await this.think();
      if (this.stopped) break;
      if (this.member && Math.random() < 0.3) await this.exclusive(this.member, () => this.follow(film));
      await this.play(film);
      if (this.member && !this.stopped && Math.random() < 0.5)
        await this.exclusive(this.member, () => this.review(film));
      await this.think();
    }
  }

  private async browse(): Promise<void> {
    const genre = Math.random() < 0.3 ? `&genre=${encodeURIComponent(pick(this.soak.films).genre)}` : '';
    await this.call('GET /api/films?sort', `/api/films?sort=${pick(SORTS)}&limit=24${genre}`);
    if (Math.random() < 0.3) await this.call('GET /api/films/trending', '/api/films/trending?limit=10');
    if (Math.random() < 0.25) {
      const word =
        pick(
          pick(this.soak.films)
            .title.split(' ')
            .filter((part) => part.length > 2),
        ) ?? 'film';
      // A typo now and then: search is typo-tolerant.
      const q = Math.random() < 0.5 ? word : word.slice(0, -1);
      await this.call('GET /api/films/search', `/api/films/search?q=${encodeURIComponent(q)}`);
    }
  }

  /** What the film page asks for. */
  private async open(film: Film): Promise<void> {
    await Promise.all([
      this.call('GET /api/films/{id}', `/api/films/${film.id}`),
      this.call('GET /api/films/{id}/reviews', `/api/films/${film.id}/reviews?limit=10`),
      this.call('GET /api/films/{id}/critic-reviews', `/api/films/${film.id}/critic-reviews`),
      this.call('GET /api/films/{id}/likes', `/api/films/${film.id}/likes`),
      this.call(
        'GET /api/films?genre&excludeId (related)',
        `/api/films?genre=${encodeURIComponent(film.genre)}&excludeId=${film.id}&limit=6`,
      ),
      this.member
        ? this.call('GET /api/follow/{id}/status', `/api/follow/${film.creatorId}/status`)
        : Promise.resolve(),
    ]);
  }

  /** The player: session, playlists, a segment, the ad breaks, an update every 30 s, the close. */
  private async play(film: Film): Promise<void> {
    const sessionId = randomUUID();
    const opened = await this.call('POST /api/analytics/viewing-session', '/api/analytics/viewing-session', {
      method: 'POST',
      body: {
        sessionId,
        filmId: film.id,
        deviceType: 'desktop',
        sessionStartTime: new Date().toISOString(),
        startPosition: 0,
      },
      expect: [202],
    });
    if (!opened.ok) return;
    const { token } = JSON.parse(opened.body) as { token: string };

    const [placements] = await Promise.all([this.placements(film), this.stream(film)]);
    const served = new Set<number>();
    const adBreaks = async (position: number) => {
      for (const placement of placements) {
        if (placement.position > position || served.has(placement.position)) continue;
        served.add(placement.position);
        await this.adBreak(film, sessionId, placement);
      }
    };
    await adBreaks(0);

    const end = film.duration * 60;
    const updates = Math.round(between(...PLAY_UPDATES));
    let watched = 0;
    for (let k = 1; k <= updates && !this.stopped; k++) {
      await this.pause(UPDATE_EVERY_MS + between(-3_000, 3_000));
      if (this.stopped) break;
      watched += 30;
      await adBreaks(Math.min(watched, end));
      await this.update(sessionId, token, watched, Math.min(watched, end), false);
    }
    await this.update(sessionId, token, watched, Math.min(watched, end), true);
  }

  private async update(sessionId: string, token: string, watched: number, position: number, last: boolean) {
    await this.call(
      'PATCH /api/analytics/viewing-session/{id}',
      `/api/analytics/viewing-session/${sessionId}`,
      {
        method: 'PATCH',
        headers: { 'x-viewing-session-token': token },
        body: {
          endPosition: position,
          totalWatchTime: watched,
          pauseCount: 0,
          seekCount: 0,
          updatedAt: new Date().toISOString(),
          watchedRanges: position > 0 ? [{ start: 0, end: position }] : [],
          bitrateKbps: 1100,
          ...(last ? { sessionEndTime: new Date().toISOString() } : {}),
        },
        expect: [202],
      },
    );
  }

  private async placements(film: Film): Promise<Placement[]> {
    const answer = await this.call('GET /api/ads/placements/{filmId}', `/api/ads/placements/${film.id}`);
    return answer.ok ? (JSON.parse(answer.body) as Placement[]) : [];
  }

  /** The master playlist, its first rendition's playlist and that rendition's first segment. */
  private async stream(film: Film): Promise<void> {
    const base = `/media/films/${film.id}`;
    const master = await this.call('GET /media/films/{id}/master.m3u8', `${base}/master.m3u8`);
    const rendition = firstUri(master.body);
    if (!master.ok || !rendition) return;
    const playlist = await this.call('GET /media/films/{id}/{rendition}/index.m3u8', `${base}/${rendition}`);
    const segment = firstUri(playlist.body);
    if (!playlist.ok || !segment) return;
    const dir = rendition.slice(0, rendition.lastIndexOf('/') + 1);
    await this.call('GET /media/films/{id}/{rendition}/{segment}', `${base}/${dir}${segment}`, {
      binary: true,
    });
  }

  /** One break: ask for an ad (204: none qualifies), then its start and completion. */
  private async adBreak(film: Film, sessionId: string, placement: Placement): Promise<void> {
    const selected = await this.call('POST /api/ads/select', '/api/ads/select', {
      method: 'POST',
      body: {
        filmId: film.id,
        position: placement.position,
        placementType: placement.placementType,
        sessionId,
      },
      expect: [200, 204],
    });
    if (selected.status !== 200) return;
    const ad = JSON.parse(selected.body) as Ad;
    await this.call('GET /media/ads/{ad}/master.m3u8', ad.videoUrl);
    const view = (event: string, extra: Record<string, unknown>) =>
      this.call('POST /api/ads/view', '/api/ads/view', {
        method: 'POST',
        body: {
          adId: ad.id,
          filmId: film.id,
          sessionId,
          token: ad.token,
          event,
          deviceType: 'desktop',
          ...extra,
        },
      });
    await view('start', { viewStartTime: new Date().toISOString() });
    await view('complete', { viewDuration: ad.duration });
  }

  /** Posts a review of the film: posting again replaces the member's review (201 either way). */
  private async review(film: Film): Promise<void> {
    await this.call('POST /api/films/{id}/reviews', `/api/films/${film.id}/reviews`, {
      method: 'POST',
      body: { rating: 1 + Math.floor(Math.random() * 10), review: `Soak review ${new Date().toISOString()}` },
      expect: [201],
    });
  }

  /** The film page's follow button: follows the film's creator, or unfollows if the member follows. */
  private async follow(film: Film): Promise<void> {
    const member = this.member!;
    const follow = !member.following.has(film.creatorId);
    const answer = await this.call(
      follow ? 'POST /api/follow/{id}' : 'DELETE /api/follow/{id}',
      `/api/follow/${film.creatorId}`,
      { method: follow ? 'POST' : 'DELETE' },
    );
    if (answer.ok) member.following[follow ? 'add' : 'delete'](film.creatorId);
  }

  /** Runs a member's write after the member's earlier ones, as one person's writes would be. */
  private async exclusive(member: Member, write: () => Promise<void>): Promise<void> {
    const turn = member.writes.then(write);
    member.writes = turn.catch(() => undefined);
    await turn;
  }
}

/** The first URI line of an HLS playlist. */
function firstUri(playlist: string): string | undefined {
  return playlist.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
}
