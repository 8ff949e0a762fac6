/**
 * The gateway's identity marks: what lets nginx trust a signed session cookie without asking auth,
 * and still refuse it within a second of a logout (docs/accounts.md, "Sessions").
 *
 *   node --import tsx gateway/identity-marks.ts
 *
 * Auth appends "user U is now at identity version V" to a Redis stream whenever a user's roles
 * change or one of their sessions is revoked. This process follows the stream (XREAD, blocking)
 * and keeps one empty file per such user in IDENTITY_MARKS_DIR, named after the user id, whose
 * modification time in seconds since the epoch IS the version (a number, not a time: one stat()
 * tells identity.js both that the user changed and to which version). A cookie signed at an older
 * version is sent back to auth, which answers from the database and signs a fresh one.
 *
 * `.alive` in the same directory is touched about once a second while the stream answers; when it
 * is older than identity.js allows (3 s), the gateway trusts no cookie on its own and asks auth
 * for every signed-in request, so a dead follower or an unreachable Redis never lets a revoked
 * cookie through. Marks older than a cookie's lifetime are removed: every cookie signed before
 * them has expired anyway.
 *
 * Environment: REDIS_URL, REDIS_PREFIX (as the services), IDENTITY_MARKS_DIR (required),
 * SESSION_TOKEN_TTL_SECONDS (as auth's, default 600).
 */
import { IDENTITY_CHANGES_STREAM } from '@kinora/contracts';
import Redis from 'ioredis';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

export const ALIVE_FILE = '.alive';
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BLOCK_MS = 1_000;
const TOUCH_EVERY_MS = 500;
/** Kept a minute longer than a cookie lives, for clocks that disagree a little. */
const MARGIN_MS = 60_000;

export interface IdentityMarksOptions {
  redisUrl: string;
  redisPrefix: string;
  dir: string;
  tokenTtlSeconds: number;
  log?: (message: string) => void;
}

type StreamEntry = [id: string, fields: string[]];

export class IdentityMarks {
  private readonly redis: Redis;
  private readonly key: string;
  private readonly retentionMs: number;
  /** Each marked user: the version on disk and when it was marked. */
  private readonly marks = new Map<string, { version: number; at: number }>();
  private lastId = '0';
  private synced = false;
  private running = false;
  private lastTouch = 0;
  private lastPrune = Date.now();
  private loop?: Promise<void>;
  private readonly options: IdentityMarksOptions;

  // A plain field rather than a parameter property: the file runs on Node's type stripping as is.
  constructor(options: IdentityMarksOptions) {
    this.options = options;
    this.key = `${options.redisPrefix}${IDENTITY_CHANGES_STREAM}`;
    this.retentionMs = options.tokenTtlSeconds * 1000 + MARGIN_MS;
    // One connection, used only by this loop: XREAD blocks it.
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
    this.redis.on('error', () => undefined);
  }

  /** Starts from an empty directory: nothing is trusted until the stream has been read back. */
  start(): void {
    mkdirSync(this.options.dir, { recursive: true });
    for (const name of readdirSync(this.options.dir)) rmSync(join(this.options.dir, name), { force: true });
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    rmSync(join(this.options.dir, ALIVE_FILE), { force: true });
    this.redis.disconnect();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!this.synced) await this.sync();
        const reply = (await this.redis.xread('BLOCK', BLOCK_MS, 'STREAMS', this.key, this.lastId)) as
          [string, StreamEntry[]][] | null;
        for (const [, entries] of reply ?? []) this.apply(entries);
        this.touchAlive();
        this.prune();
      } catch (error) {
        if (!this.running) return;
        // Whatever was missed is read back from the stream once it answers again.
        rmSync(join(this.options.dir, ALIVE_FILE), { force: true });
        if (this.synced) this.options.log?.(`identity stream unreachable: ${(error as Error).message}`);
        this.synced = false;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  /** Reads back every change still within a cookie's lifetime. */
  private async sync(): Promise<void> {
    const entries = (await this.redis.xrange(
      this.key,
      String(Date.now() - this.retentionMs),
      '+',
    )) as StreamEntry[];
    this.apply(entries);
    this.lastId = entries.at(-1)?.[0] ?? (await this.lastStreamId());
    this.synced = true;
    this.options.log?.(
      `identity stream read back: ${entries.length} changes, ${this.marks.size} users marked`,
    );
  }

  private async lastStreamId(): Promise<string> {
    const [last] = (await this.redis.xrevrange(this.key, '+', '-', 'COUNT', 1)) as StreamEntry[];
    return last?.[0] ?? '0';
  }

  private apply(entries: StreamEntry[]): void {
    for (const [id, fields] of entries) {
      this.lastId = id;
      const field = (name: string) => fields[fields.indexOf(name) + 1];
      const userId = field('user');
      const version = Number(field('version'));
      if (!userId || !USER_ID.test(userId) || !Number.isSafeInteger(version) || version < 0) continue;
      const known = this.marks.get(userId);
      if (known && known.version >= version) continue;
      const path = join(this.options.dir, userId);
      closeSync(openSync(path, 'a'));
      utimesSync(path, version, version);
      this.marks.set(userId, { version, at: Date.now() });
    }
  }

  private touchAlive(): void {
    const now = Date.now();
    if (now - this.lastTouch < TOUCH_EVERY_MS) return;
    const path = join(this.options.dir, ALIVE_FILE);
    closeSync(openSync(path, 'a'));
    utimesSync(path, now / 1000, now / 1000);
    this.lastTouch = now;
  }

  private prune(): void {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [userId, mark] of this.marks) {
      if (now - mark.at < this.retentionMs) continue;
      rmSync(join(this.options.dir, userId), { force: true });
      this.marks.delete(userId);
    }
  }
}

function main(): void {
  const dir = process.env.IDENTITY_MARKS_DIR;
  const ttl = Number(process.env.SESSION_TOKEN_TTL_SECONDS ?? 600);
  if (!dir || !process.env.REDIS_URL || !Number.isInteger(ttl) || ttl <= 0) {
    console.error(
      'identity-marks needs REDIS_URL, IDENTITY_MARKS_DIR and a positive SESSION_TOKEN_TTL_SECONDS',
    );
    process.exit(2);
  }
  const log = (message: string) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), service: 'identity-marks', msg: message }));
  const marks = new IdentityMarks({
    redisUrl: process.env.REDIS_URL,
    redisPrefix: process.env.REDIS_PREFIX ?? 'kinora:',
    dir,
    tokenTtlSeconds: ttl,
    log,
  });
  marks.start();
  log(`following the identity stream into ${dir}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void marks.stop().then(() => process.exit(0)));
  }
}

if (/[\\/]identity-marks\.ts$/.test(process.argv[1] ?? '')) main();
