/**
 * End-to-end test of the gateway configuration: renders it into a temp dir, runs a real nginx on a
 * free port in front of six fake services (node:http servers that echo what they received) and
 * checks routing, identity, errors, static files, health, CSRF and rate limiting.
 *
 *   node --import tsx --test gateway/test/*.test.ts
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';

import { renderGateway, type GatewayVarName, type RenderedGateway } from '../render.js';

const HOST = '127.0.0.1';
const SERVICES = ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin'] as const;
type ServiceName = (typeof SERVICES)[number];
type Mode = 'ok' | 'error' | 'drop';

/** What a fake service saw, echoed back as its response body. */
interface Echo {
  service: ServiceName;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyLength: number;
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  raw: Buffer;
}

class FakeService {
  healthMode: Mode = 'ok';
  identityMode: Mode = 'ok';
  readonly identityCalls: IncomingHttpHeaders[] = [];
  /** What catalog answers to the home hero's film list, when set; the echo otherwise. */
  featured: { status: number; body: unknown } | undefined;
  /** The headers the home hero's film lists arrived with. */
  readonly featuredCalls: IncomingHttpHeaders[] = [];
  /** Request URLs as they arrive, before their bodies are read. */
  readonly started: string[] = [];
  readonly server: Server;
  port = 0;

  constructor(readonly name: ServiceName) {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
  }

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, HOST, resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.started.push(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/health') {
        this.answerHealth(req, res);
      } else if (this.name === 'auth' && path === '/internal/identity') {
        this.answerIdentity(req, res, Buffer.concat(chunks).length);
      } else if (this.featured && req.url === '/api/films?featured=true&limit=5') {
        this.featuredCalls.push(req.headers);
        res.writeHead(this.featured.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(this.featured.body));
      } else {
        const echo: Echo = {
          service: this.name,
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          bodyLength: Buffer.concat(chunks).length,
        };
        // Like the real services, echo the request id in the response (and, for tus, its headers).
        const tus = path?.startsWith('/api/uploads')
          ? {
              'tus-resumable': '1.0.0',
              'upload-offset': String(echo.bodyLength),
              location: '/api/uploads/abc',
            }
          : {};
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-request-id': String(req.headers['x-request-id']),
          // A framework banner, as Express would send: the gateway must not pass it on.
          'x-powered-by': 'Express',
          ...tus,
        });
        res.end(JSON.stringify(echo));
      }
    });
  }

  private answerHealth(req: IncomingMessage, res: ServerResponse): void {
    if (this.healthMode === 'drop') {
      req.socket.destroy();
      return;
    }
    const up = this.healthMode === 'ok';
    const checks = { database: { status: up ? 'up' : 'down' }, redis: { status: 'up' } };
    res.writeHead(up ? 200 : 503, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        status: up ? 'ok' : 'error',
        info: up ? checks : { redis: checks.redis },
        error: up ? {} : { database: checks.database },
        details: checks,
      }),
    );
  }

  private answerIdentity(req: IncomingMessage, res: ServerResponse, bodyLength: number): void {
    this.identityCalls.push({ ...req.headers, 'x-test-body-length': String(bodyLength) });
    if (this.identityMode === 'drop') {
      req.socket.destroy();
      return;
    }
    const session = /(?:^|;\s*)kinora_session=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
    if (session === 'valid-session') {
      res.writeHead(204, { 'x-user-id': '42', 'x-user-roles': 'admin,critic' });
    } else {
      res.writeHead(204);
    }
    res.end();
  }
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A listener on `port` whose connections are never taken: a process that listens with the
 * smallest backlog and then blocks, its queue filled here until a connect no longer completes, so
 * the kernel drops every further SYN and a connect hangs, as one to a killed container's address
 * does. Stops when killed.
 */
async function unanswering(port: number): Promise<{ stop: () => Promise<void> }> {
  const script = `require('node:net').createServer().listen({ host: '${HOST}', port: ${port}, backlog: 1 }, () => {
    process.stdout.write('listening\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    void exited.then(() => reject(new Error('the listener exited')));
  });
  const fillers: Socket[] = [];
  for (let full = false; !full && fillers.length < 16;) {
    const filler = connect(port, HOST);
    fillers.push(filler);
    full = await Promise.race([
      new Promise<boolean>((resolve, reject) =>
        filler.once('connect', () => resolve(false)).once('error', reject),
      ),
      sleep(300).then(() => true),
    ]);
  }
  assert.ok(fillers.length < 16, 'the listener kept taking connections');
  return {
    stop: async () => {
      for (const filler of fillers) filler.destroy();
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('gateway (real nginx, fake services)', () => {
  const fakes = new Map<ServiceName, FakeService>(SERVICES.map((name) => [name, new FakeService(name)]));
  let dir = '';
  let port = 0;
  let rendered: RenderedGateway;
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  const indexHtml = `<!doctype html><html><head><title>Kinora test SPA</title></head><body><div id="root"><!--home-hero: here--></div>${'<p>kinora</p>'.repeat(80)}</body></html>`;

  function fake(name: ServiceName): FakeService {
    const service = fakes.get(name);
    if (!service) throw new Error(`no fake ${name}`);
    return service;
  }

  /** One request; `localAddress` (another 127.x address) makes it a client of its own. */
  function call(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: Buffer | string,
    localAddress?: string,
  ) {
    return new Promise<Reply>((resolve, reject) => {
      const options = { host: HOST, port, method, path, headers, agent: false, localAddress };
      const req = request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  function json(reply: Reply): Record<string, unknown> {
    assert.match(String(reply.headers['content-type']), /^application\/json/, `JSON expected: ${reply.body}`);
    return JSON.parse(reply.body) as Record<string, unknown>;
  }

  async function echo(method: string, path: string, headers: Record<string, string> = {}): Promise<Echo> {
    const reply = await call(method, path, headers);
    assert.equal(reply.status, 200, `${method} ${path}: ${reply.body}`);
    return JSON.parse(reply.body) as Echo;
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kinora-gateway-test-'));
    const spaRoot = join(dir, 'spa');
    const mediaRoot = join(dir, 'media');
    mkdirSync(join(spaRoot, 'assets'), { recursive: true });
    mkdirSync(join(mediaRoot, 'films', '7'), { recursive: true });
    writeFileSync(join(spaRoot, 'index.html'), indexHtml);
    writeFileSync(join(spaRoot, 'assets', 'index-abc123.js'), 'console.log("kinora");\n');
    writeFileSync(join(mediaRoot, 'films', '7', 'seg-0.ts'), Buffer.alloc(1000, 7));
    writeFileSync(join(mediaRoot, 'films', '7', 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n');
    writeFileSync(join(mediaRoot, 'films', '7', 'poster.jpg'), Buffer.alloc(64, 1));
    writeFileSync(join(mediaRoot, 'films', '7', 'poster-240.webp'), Buffer.alloc(32, 1));
    writeFileSync(join(spaRoot, 'manifest.webmanifest'), '{"name":"Kinora"}');

    for (const service of fakes.values()) await service.listen();
    port = await freePort();
    const vars: Partial<Record<GatewayVarName, string>> = {
      LISTEN_PORT: `${HOST}:${port}`,
      SPA_ROOT: spaRoot,
      MEDIA_ROOT: mediaRoot,
      NGINX_PREFIX: join(dir, 'prefix'),
      IDENTITY_MARKS_DIR: join(dir, 'identity'),
      ERROR_LOG: join(dir, 'logs', 'error.log'),
      ACCESS_LOG: join(dir, 'logs', 'access.log'),
    };
    for (const name of SERVICES) {
      vars[`${name.toUpperCase()}_UPSTREAM` as GatewayVarName] = `${HOST}:${fake(name).port}`;
    }
    rendered = renderGateway({ outDir: join(dir, 'conf'), vars, env: {} });

    const check = spawnSync('nginx', ['-t', ...rendered.nginxArgs], { encoding: 'utf8' });
    assert.equal(check.status, 0, `nginx -t failed: ${check.stderr}`);

    const child = spawn('nginx', [...rendered.nginxArgs, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx = child;
    child.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${nginxOutput}`);
      try {
        if ((await call('GET', '/index.html')).status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${nginxOutput}`);
      await sleep(50);
    }
  });

  async function stopNginx(signal: NodeJS.Signals): Promise<void> {
    const child = nginx;
    nginx = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  after(async () => {
    await stopNginx('SIGTERM');
    await Promise.all([...fakes.values()].map((service) => service.close()));
    // KINORA_GATEWAY_TEST_KEEP=1 keeps the rendered config and the nginx logs for a look.
    if (dir && !process.env.KINORA_GATEWAY_TEST_KEEP) rmSync(dir, { recursive: true, force: true });
    else if (dir) console.log(`kept ${dir}`);
  });

  test('every route of the table reaches its service with the URI unchanged', async () => {
    const table: [string, string, ServiceName][] = [
      ['GET', '/api/auth/user', 'auth'],
      ['POST', '/api/auth/verify-code', 'auth'],
      ['PATCH', '/api/auth/user', 'auth'],
      ['POST', '/api/auth/logout', 'auth'],
      ['GET', '/api/login', 'auth'],
      ['GET', '/api/logout', 'auth'],
      ['GET', '/api/films?genre=drama&featured=true&limit=50', 'catalog'],
      ['GET', '/api/films/search?q=loop&genre=&language=', 'catalog'],
      ['GET', '/api/films/trending?limit=8', 'catalog'],
      ['GET', '/api/films/12', 'catalog'],
      ['POST', '/api/films/12/view', 'catalog'],
      ['GET', '/api/creators?limit=20', 'catalog'],
      ['POST', '/api/creators', 'catalog'],
      ['GET', '/api/creators/3', 'catalog'],
      ['GET', '/api/films/12/reviews?limit=5', 'social'],
      ['POST', '/api/films/12/like', 'social'],
      ['POST', '/api/films/12/unlike', 'social'],
      ['GET', '/api/user/likes', 'social'],
      ['POST', '/api/creators/3/follow', 'social'],
      ['POST', '/api/creators/3/unfollow', 'social'],
      ['POST', '/api/follow/3', 'social'],
      ['DELETE', '/api/follow/3', 'social'],
      ['GET', '/api/follow/3/status', 'social'],
      ['POST', '/api/user/lists', 'social'],
      ['GET', '/api/user/lists/watchlist', 'social'],
      ['DELETE', '/api/user/lists/favorites/12', 'social'],
      ['GET', '/api/films/12/critic-reviews', 'social'],
      ['POST', '/api/films/12/critic-reviews', 'social'],
      ['GET', '/api/critics?limit=8', 'social'],
      ['POST', '/api/critics/invitations', 'social'],
      ['GET', '/api/critics/invitation/abc', 'social'],
      ['POST', '/api/critics/accept-invitation', 'social'],
      ['GET', '/api/critics/dashboard', 'social'],
      ['GET', '/api/critics/following', 'social'],
      ['GET', '/api/critics/4', 'social'],
      ['PATCH', '/api/critics/4', 'social'],
      ['GET', '/api/critics/4/recommendations', 'social'],
      ['POST', '/api/critics/4/follow', 'social'],
      ['GET', '/api/critics/4/follow-status', 'social'],
      ['POST', '/api/uploads', 'catalog'],
      ['POST', '/api/uploads/', 'catalog'],
      ['PATCH', '/api/uploads/4f2a', 'catalog'],
      ['DELETE', '/api/uploads/4f2a', 'catalog'],
      ['GET', '/api/studio/films', 'catalog'],
      ['POST', '/api/studio/films', 'catalog'],
      ['GET', '/api/studio/films/12', 'catalog'],
      ['PATCH', '/api/studio/films/12', 'catalog'],
      ['DELETE', '/api/studio/films/12', 'catalog'],
      ['PUT', '/api/studio/films/12/captions', 'catalog'],
      ['GET', '/api/admin/stats', 'admin'],
      ['POST', '/api/waitlist', 'admin'],
      ['POST', '/api/feedback', 'admin'],
      ['GET', '/api/admin/waitlist?limit=5', 'admin'],
      ['GET', '/api/admin/feedback', 'admin'],
      ['GET', '/api/admin/films/pending?limit=5&offset=0', 'admin'],
      ['PATCH', '/api/admin/films/12/status', 'admin'],
      ['GET', '/api/admin/reports?status=open', 'admin'],
      ['PATCH', '/api/admin/reports/7', 'admin'],
      ['POST', '/api/reports', 'admin'],
      ['GET', '/api/admin/jobs/', 'admin'],
      ['GET', '/api/admin/jobs/static/js/main.js', 'admin'],
      ['GET', '/api/admin/jobs/api/queues?activeQueue=catalog-media&status=failed', 'admin'],
      ['PUT', '/api/admin/jobs/api/queues/catalog-media/17/retry', 'admin'],
      ['GET', '/api/ads/placements/12', 'ads'],
      ['POST', '/api/ads/select', 'ads'],
      ['POST', '/api/ads/view', 'ads'],
      ['GET', '/api/ads/track?token=abc&event=start', 'ads'],
      ['GET', '/api/ads/vast?filmId=12&position=0', 'ads'],
      ['POST', '/api/ads/advertisers', 'ads'],
      ['PATCH', '/api/ads/advertisers/7f', 'ads'],
      ['GET', '/api/ads/campaigns', 'ads'],
      ['PATCH', '/api/ads/campaigns/7f', 'ads'],
      ['POST', '/api/ads/campaigns/7f/creatives', 'ads'],
      ['DELETE', '/api/ads/creatives/7f', 'ads'],
      ['GET', '/api/ads/creative-videos', 'ads'],
      ['GET', '/api/ads/optimizations?limit=20', 'ads'],
      ['GET', '/api/analytics/creator/3/revenue', 'analytics'],
      ['GET', '/api/analytics/creator/3/revenue.csv', 'analytics'],
    ];
    for (const [method, path, service] of table) {
      const seen = await echo(method, path);
      assert.equal(seen.service, service, `${method} ${path} went to ${seen.service}`);
      assert.equal(seen.method, method);
      assert.equal(seen.url, path);
    }
  });

  test('the creators list asked for critics is social critics list, with the query string kept', async () => {
    const seen = await echo('GET', '/api/creators?type=critic&limit=20');
    assert.equal(seen.service, 'social');
    assert.equal(seen.url, '/api/critics?type=critic&limit=20');
    assert.equal((await echo('GET', '/api/creators?type=creator&limit=20')).service, 'catalog');
  });

  test('an /api path outside the table gets a JSON 404 from nginx itself', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/auth'],
      ['GET', '/api/films/12/foo'],
      ['POST', '/api/creators/3/follow/now'],
      ['GET', '/api/follow'],
      ['POST', '/api/films/12/liked'],
      ['GET', '/api/user/lists/watchlist/12/more'],
      ['PATCH', '/api/uploads/4f2a/more'],
      ['GET', '/api/studio/films/12/other'],
      // Routes arrive with their handlers (gateway/test/routes-contract.test.ts): none of these yet.
      ['GET', '/api/films/12/reviews/3/more'],
      ['GET', '/api/critics/4/follow/now'],
      ['POST', '/api/ads/select/now'],
      ['GET', '/api/ads/campaigns/7f/creatives/3'],
      ['GET', '/api/analytics/creator/3/more'],
      ['GET', '/api/admin/films/12'],
      ['PATCH', '/api/admin/films/12/status/now'],
      ['GET', '/api/admin/reports/7/notes'],
      ['GET', '/api/admin/jobs'],
      ['GET', '/api/reports/7'],
    ] as const) {
      const reply = await call(method, path);
      assert.equal(reply.status, 404, `${method} ${path}`);
      assert.deepEqual(json(reply), {
        statusCode: 404,
        error: 'Not Found',
        message: `No route for ${method} ${path}`,
      });
    }
    const quoted = await call('GET', '/api/x%22y%5C');
    assert.equal(json(quoted).message, 'No route for GET /api/x"y\\');
  });

  test('client-sent identity headers never reach a service', async () => {
    const spoof = { 'X-User-Id': '1', 'X-User-Roles': 'admin', 'X-User_Id': '1' };
    const identityCallsBefore = fake('auth').identityCalls.length;

    const anonymous = await echo('GET', '/api/films/12', spoof);
    assert.equal(anonymous.headers['x-user-id'], undefined);
    assert.equal(anonymous.headers['x-user-roles'], undefined);
    assert.equal(anonymous.headers['x-user_id'], undefined);
    assert.equal(fake('auth').identityCalls.length, identityCallsBefore, 'no cookie: auth is not asked');

    const unknownSession = await echo('POST', '/api/films/12/view', {
      ...spoof,
      Cookie: 'theme=dark; kinora_session=expired',
    });
    assert.equal(unknownSession.headers['x-user-id'], undefined);
    assert.equal(unknownSession.headers['x-user-roles'], undefined);

    const signedIn = await echo('POST', '/api/films/12/view?src=test', {
      ...spoof,
      Cookie: 'kinora_session=valid-session',
      'Content-Type': 'application/json',
      'X-Long-Header': 'x'.repeat(7_000),
    });
    assert.equal(signedIn.headers['x-user-id'], '42');
    assert.equal(signedIn.headers['x-user-roles'], 'admin,critic');
    assert.equal(signedIn.headers.cookie, 'kinora_session=valid-session');

    const identityCall = fake('auth').identityCalls.at(-1);
    assert.ok(identityCall);
    assert.equal(identityCall['x-original-uri'], '/api/films/12/view?src=test');
    assert.equal(identityCall['x-original-method'], 'POST');
    assert.equal(identityCall['x-test-body-length'], '0');
    assert.equal(identityCall['x-user-id'], undefined);
    // Only the cookie of the client's headers: the rest could take it past auth's header limit.
    assert.equal(identityCall.cookie, 'kinora_session=valid-session');
    assert.equal(identityCall['x-long-header'], undefined);
  });

  test('identity service down: JSON 503 for signed-in calls, anonymous calls still pass', async () => {
    fake('auth').identityMode = 'drop';
    try {
      const reply = await call('GET', '/api/films/12', { Cookie: 'kinora_session=valid-session' });
      assert.equal(reply.status, 503);
      assert.deepEqual(json(reply), {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Identity service unavailable, try again shortly',
      });
      assert.equal((await call('GET', '/api/films/12')).status, 200);
    } finally {
      fake('auth').identityMode = 'ok';
    }
  });

  test('a service whose address takes no connection in time: JSON 503, safe to retry', async () => {
    const ads = fake('ads');
    await ads.close();
    const listener = await unanswering(ads.port);
    try {
      const started = Date.now();
      const reply = await call('POST', '/api/ads/select', { 'Content-Type': 'application/json' }, '{}');
      assert.equal(reply.status, 503, reply.body);
      assert.deepEqual(json(reply), {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Service unavailable, try again shortly',
      });
      // nginx's connect timeout (3 s) ended it, not the service.
      assert.ok(Date.now() - started >= 2_500, `answered after ${Date.now() - started} ms`);
    } finally {
      await listener.stop();
      await ads.listen(ads.port);
    }
    assert.equal((await call('GET', '/api/ads/campaigns')).status, 200);
  });

  test('a request id is generated, passed upstream and returned', async () => {
    const reply = await call('GET', '/api/admin/stats', { 'X-Request-Id': 'client-chosen' });
    const seen = JSON.parse(reply.body) as Echo;
    assert.match(String(reply.headers['x-request-id']), /^[0-9a-f]{32}$/);
    assert.equal(seen.headers['x-request-id'], reply.headers['x-request-id']);
    assert.equal(seen.headers['x-forwarded-for'], HOST);
    assert.equal(seen.headers.host, `${HOST}:${port}`);
  });

  test('the gateway starts the W3C trace: its id is the request id; a client trace is not continued', async () => {
    const reply = await call('GET', '/api/admin/stats', {
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      tracestate: 'vendor=client',
    });
    const seen = JSON.parse(reply.body) as Echo;
    const id = String(reply.headers['x-request-id']);
    assert.equal(seen.headers.traceparent, `00-${id}-${id.slice(0, 16)}-01`);
    assert.equal(seen.headers.tracestate, undefined);
  });

  test('anonymous public catalog reads are micro-cached; signed-in reads and writes are not', async () => {
    const requestIdSeen = async (method: string, path: string, headers: Record<string, string> = {}) =>
      (JSON.parse((await call(method, path, headers)).body) as Echo).headers['x-request-id'];
    for (const path of ['/api/films?limit=50', '/api/films/77', '/api/films/search?q=x', '/api/creators/4']) {
      const first = await requestIdSeen('GET', path);
      assert.equal(
        await requestIdSeen('GET', path),
        first,
        `${path}: the second anonymous read is the cached one`,
      );
      const signedIn = { Cookie: 'kinora_session=valid-session' };
      assert.notEqual(
        await requestIdSeen('GET', path, signedIn),
        first,
        `${path}: signed-in reads reach catalog`,
      );
    }
    const post = await requestIdSeen('POST', '/api/creators');
    assert.notEqual(await requestIdSeen('POST', '/api/creators'), post, 'writes are never cached');
  });

  test('a micro-cached answer is replaced once it has expired, though nginx keeps cache files open', async () => {
    const requestIdSeen = async () =>
      (JSON.parse((await call('GET', '/api/films?limit=7')).body) as Echo).headers['x-request-id'];
    const first = await requestIdSeen();
    assert.equal(await requestIdSeen(), first, 'the second read is the cached one');
    await sleep(6_100); // nginx counts validity in whole seconds: 5 s valid means up to 6
    // The first read after expiry may get the old answer while nginx fetches the new one.
    await requestIdSeen();
    await sleep(200);
    const fresh = await requestIdSeen();
    assert.notEqual(fresh, first, 'the expired answer is replaced');
    assert.equal(await requestIdSeen(), fresh, 'and the new one is served from the cache');
  });

  test('the SPA falls back to index.html; hashed assets are immutable, index.html is not cached', async () => {
    for (const path of ['/', '/no/such/page', '/film/12', '/index.html']) {
      const reply = await call('GET', path);
      assert.equal(reply.status, 200, path);
      assert.equal(reply.body, indexHtml, path);
      assert.match(String(reply.headers['content-type']), /^text\/html/);
      assert.equal(reply.headers['cache-control'], 'no-cache', path);
    }
    const asset = await call('GET', '/assets/index-abc123.js');
    assert.equal(asset.status, 200);
    assert.match(String(asset.headers['content-type']), /^text\/javascript/);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    // The unhashed root files: a day; a missing one is a 404, not the SPA.
    const manifest = await call('GET', '/manifest.webmanifest');
    assert.equal(manifest.status, 200);
    assert.equal(manifest.headers['cache-control'], 'public, max-age=86400');
    assert.match(String(manifest.headers['content-security-policy']), /default-src 'self'/);
    assert.equal((await call('GET', '/robots.txt')).status, 404);
    const missingAsset = await call('GET', '/assets/gone-000.js');
    assert.equal(missingAsset.status, 404);
    assert.equal(json(missingAsset).statusCode, 404);

    const gzipped = await call('GET', '/', { 'Accept-Encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzipped.raw).toString('utf8'), indexHtml);
  });

  test("/home is the SPA's page with the hero's backdrop in it, its films asked as a visitor and micro-cached", async () => {
    const catalog = fake('catalog');
    const film = {
      id: 2,
      posterUrl: '/media/films/2/poster.jpg',
      posterSources: [
        { url: '/media/films/2/poster-320.webp', width: 320, type: 'image/webp' },
        { url: '/media/films/2/a"<b>.webp', width: 720, type: 'image/webp' },
        { url: '/media/films/2/poster-320.avif', width: 320, type: 'image/avif' },
      ],
    };
    try {
      // The catalog failing: the page is the SPA's own, as for any other path.
      catalog.featured = { status: 503, body: { statusCode: 503 } };
      const plain = await call('GET', '/home', { Cookie: 'kinora_session=valid-session' });
      assert.equal(plain.status, 200);
      assert.equal(plain.body, indexHtml);

      catalog.featured = { status: 200, body: [{ id: 1, posterUrl: null }, film] };
      const reply = await call('GET', '/home', { Cookie: 'kinora_session=valid-session' });
      assert.equal(reply.status, 200);
      assert.match(String(reply.headers['content-type']), /^text\/html/);
      assert.equal(reply.headers['cache-control'], 'no-cache');
      assert.match(String(reply.headers['content-security-policy']), /default-src 'self'/);
      assert.match(String(reply.headers.link), /<\/api\/films\?featured=true&limit=5>; rel=preload/);
      const hero =
        '<div class="home-hero" aria-hidden="true"><div class="home-hero-backdrop"><picture class="contents">' +
        '<source type="image/webp" srcset="/media/films/2/poster-320.webp 320w, /media/films/2/a&quot;&lt;b&gt;.webp 720w" sizes="100vw">' +
        '<source type="image/avif" srcset="/media/films/2/poster-320.avif 320w" sizes="100vw">' +
        '<img src="/media/films/2/poster.jpg" alt="" width="720" height="1080" fetchpriority="high" class="size-full object-cover">' +
        '</picture></div></div>';
      assert.equal(reply.body, indexHtml.replace('<!--home-hero: here-->', hero));
      // Asked as a visitor: neither the cookie nor an identity reaches the catalog.
      const asked = catalog.featuredCalls.at(-1)!;
      assert.equal(asked.cookie, undefined);
      assert.equal(asked['x-user-id'], undefined);

      // Kept for a few seconds: the next page does not ask again.
      const calls = catalog.featuredCalls.length;
      catalog.featured = { status: 200, body: [] };
      assert.equal((await call('GET', '/home')).body, reply.body);
      assert.equal(catalog.featuredCalls.length, calls);
    } finally {
      catalog.featured = undefined;
    }
  });

  test('/media serves byte ranges with HLS types and cache headers', async () => {
    const range = await call('GET', '/media/films/7/seg-0.ts', { Range: 'bytes=0-99' });
    assert.equal(range.status, 206);
    assert.equal(range.headers['content-range'], 'bytes 0-99/1000');
    assert.equal(range.raw.length, 100);
    assert.equal(range.headers['content-type'], 'video/mp2t');
    assert.equal(range.headers['cache-control'], 'public, max-age=31536000, immutable');

    const full = await call('GET', '/media/films/7/seg-0.ts');
    assert.equal(full.status, 200);
    assert.equal(full.headers['accept-ranges'], 'bytes');
    assert.equal(full.raw.length, 1000);

    const playlist = await call('GET', '/media/films/7/index.m3u8');
    assert.equal(playlist.status, 200);
    assert.equal(playlist.headers['content-type'], 'application/vnd.apple.mpegurl');
    assert.equal(playlist.headers['cache-control'], 'public, max-age=5');
    assert.equal(playlist.headers['x-content-type-options'], 'nosniff');

    // A poster keeps its name across transcodes: a day, revalidated, not a year.
    const poster = await call('GET', '/media/films/7/poster.jpg');
    assert.equal(poster.headers['content-type'], 'image/jpeg');
    assert.equal(poster.headers['cache-control'], 'public, max-age=86400, stale-while-revalidate=604800');
    const webp = await call('GET', '/media/films/7/poster-240.webp');
    assert.equal(webp.headers['content-type'], 'image/webp');
    assert.equal(webp.headers['cache-control'], 'public, max-age=86400, stale-while-revalidate=604800');

    const missing = await call('GET', '/media/films/7/seg-9.ts');
    assert.equal(missing.status, 404);
    assert.equal(json(missing).statusCode, 404);
  });

  test('GET /api/health aggregates every service, 503 when one is not ok', async () => {
    const identityCallsBefore = fake('auth').identityCalls.length;
    const healthy = await call('GET', '/api/health', { Cookie: 'kinora_session=valid-session' });
    assert.equal(healthy.status, 200, healthy.body);
    const body = json(healthy) as { status: string; services: Record<ServiceName, { status: string }> };
    assert.equal(body.status, 'ok');
    assert.deepEqual(Object.keys(body.services).sort(), [...SERVICES].sort());
    for (const name of SERVICES) assert.equal(body.services[name].status, 'ok');
    assert.deepEqual(body.services.auth, {
      status: 'ok',
      info: { database: { status: 'up' }, redis: { status: 'up' } },
      error: {},
      details: { database: { status: 'up' }, redis: { status: 'up' } },
    });
    assert.equal(fake('auth').identityCalls.length, identityCallsBefore, '/api/health skips identity');

    fake('social').healthMode = 'error';
    fake('ads').healthMode = 'drop';
    try {
      const degraded = await call('GET', '/api/health');
      assert.equal(degraded.status, 503);
      const report = json(degraded) as {
        status: string;
        services: Record<ServiceName, Record<string, unknown>>;
      };
      assert.equal(report.status, 'error');
      assert.equal(report.services.social.status, 'error');
      assert.deepEqual(report.services.social.error, { database: { status: 'down' } });
      assert.equal(report.services.ads.status, 'down');
      assert.equal(typeof report.services.ads.message, 'string');
      assert.equal(report.services.catalog.status, 'ok');
    } finally {
      fake('social').healthMode = 'ok';
      fake('ads').healthMode = 'ok';
    }
    assert.equal((await call('GET', '/api/health')).status, 200);
  });

  test('GET /healthz is the liveness of nginx itself, without asking any service', async () => {
    const reply = await call('GET', '/healthz');
    assert.equal(reply.status, 200);
    assert.deepEqual(json(reply), { status: 'ok' });
  });

  test('GET /api/docs is the gateway own: Swagger UI and a plain list of every operation', async () => {
    const identityCallsBefore = fake('auth').identityCalls.length;
    const page = await call('GET', '/api/docs', { Cookie: 'kinora_session=valid-session' });
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'self'/);
    for (const service of SERVICES) assert.match(page.body, new RegExp(`id="service-${service}"`), service);
    assert.match(page.body, /GET<\/code> <code class="path">\/api\/films\/\{id\}<\/code>/);
    assert.match(page.body, /viewCount: integer/);
    assert.doesNotMatch(page.body, /<script>/, 'no inline script (the CSP forbids it)');
    for (const asset of [
      'swagger-ui-bundle.js',
      'kinora-docs.js',
      'swagger-ui.css',
      'openapi/catalog.json',
    ]) {
      const reply = await call('GET', `/api/docs/${asset}`);
      assert.equal(reply.status, 200, asset);
    }
    const document = json(await call('GET', '/api/docs/openapi/auth.json')) as { openapi?: string };
    assert.equal(document.openapi, '3.1.0');
    assert.equal(fake('auth').identityCalls.length, identityCallsBefore, 'the docs skip identity');
    assert.equal((await call('GET', '/api/docs/nope.js')).status, 404);
  });

  test('internal locations are not reachable from outside', async () => {
    for (const path of ['/_identity', '/_health/auth', '/_health/']) {
      const reply = await call('GET', path);
      assert.equal(reply.status, 404, path);
    }
  });

  test('cross-site state-changing calls get a JSON 403', async () => {
    const own = `http://${HOST}:${port}`;
    const rejected: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'http://evil.example' },
      { Origin: `https://${HOST}:${port}` },
      { Origin: 'null' },
      { Origin: own, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of rejected) {
      const reply = await call('POST', '/api/films/12/view', headers);
      assert.equal(reply.status, 403, JSON.stringify(headers));
      assert.deepEqual(json(reply), {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Cross-site request rejected',
      });
    }
    assert.equal((await call('PATCH', '/api/auth/user', { Origin: 'http://evil.example' })).status, 403);

    const allowed: [string, Record<string, string>][] = [
      ['POST', {}],
      ['POST', { Origin: own, 'Sec-Fetch-Site': 'same-origin' }],
      ['POST', { 'Sec-Fetch-Site': 'same-site' }],
      ['POST', { Origin: `https://${HOST}:${port}`, 'X-Forwarded-Proto': 'https' }],
      ['GET', { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ];
    for (const [method, headers] of allowed) {
      const path = method === 'GET' ? '/api/admin/stats' : '/api/films/12/view';
      assert.equal((await call(method, path, headers)).status, 200, `${method} ${JSON.stringify(headers)}`);
    }
  });

  test('security headers are on pages, API responses and errors; no version leaks', async () => {
    for (const path of [
      '/',
      '/api/films/12',
      '/api/nope',
      '/media/films/7/seg-0.ts',
      '/assets/index-abc123.js',
    ]) {
      const reply = await call('GET', path);
      const h = reply.headers;
      assert.equal(h['x-content-type-options'], 'nosniff', path);
      assert.equal(h['x-frame-options'], 'DENY', path);
      assert.equal(h['referrer-policy'], 'strict-origin-when-cross-origin', path);
      assert.match(String(h['content-security-policy']), /default-src 'self'/, path);
      assert.match(String(h['content-security-policy']), /media-src 'self' blob:/, path);
      assert.match(String(h['content-security-policy']), /frame-ancestors 'none'/, path);
      assert.match(String(h['permissions-policy']), /camera=\(\)/, path);
      assert.match(String(h['x-request-id']), /^[0-9a-f]{32}$/, path);
      assert.equal(h.server, 'nginx', path);
      assert.equal(h['x-powered-by'], undefined, path);
      // Plain http here: no HSTS (a browser ignores it over http anyway).
      assert.equal(h['strict-transport-security'], undefined, path);
    }
    // Behind a TLS-terminating proxy every response carries HSTS, errors included.
    for (const path of ['/', '/api/films/12', '/api/nope']) {
      const reply = await call('GET', path, { 'X-Forwarded-Proto': 'https' });
      assert.equal(reply.headers['strict-transport-security'], 'max-age=63072000; includeSubDomains', path);
    }
  });

  test('every other state-changing call is rate limited per client with a JSON 429; reads are not', async () => {
    // 20 r/s with a burst of 200 (WRITE_RATE_LIMIT): 300 writes at once go over it. From a
    // client address of its own, so the other tests' writes do not count.
    const client = '127.0.0.77';
    const write = () => call('POST', '/api/films/12/view', {}, undefined, client);
    const writes = await Promise.all(Array.from({ length: 300 }, write));
    const statuses = writes.map((reply) => reply.status);
    assert.ok(statuses.filter((status) => status === 200).length >= 200, 'the burst is allowed');
    const limited = writes.find((reply) => reply.status === 429);
    assert.ok(limited, 'a flood of writes is limited');
    assert.equal(json(limited).statusCode, 429);
    const reads = await Promise.all(
      Array.from({ length: 300 }, () => call('GET', '/api/films/12', {}, undefined, client)),
    );
    assert.deepEqual(new Set(reads.map((reply) => reply.status)), new Set([200]));
    // Another client is not held back by this one; and the bucket refills.
    assert.equal((await call('POST', '/api/films/12/view', {}, undefined, '127.0.0.78')).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    assert.equal((await write()).status, 200);
  });

  test("viewing-session updates are limited per session, not per address: one NAT's players all get through", async () => {
    // 300 players behind one address, each updating its own session at once: over the address's
    // write burst (200), all accepted. One session sending 40 at once: over its own burst (30).
    const client = '127.0.0.79';
    const update = (session: string) =>
      call('PATCH', `/api/analytics/viewing-session/${session}`, {}, undefined, client);
    const players = await Promise.all(Array.from({ length: 300 }, (_, n) => update(`session-${n}`)));
    assert.deepEqual(new Set(players.map((reply) => reply.status)), new Set([200]));
    const flood = await Promise.all(Array.from({ length: 40 }, () => update('session-flood')));
    const statuses = flood.map((reply) => reply.status);
    assert.equal(statuses.filter((status) => status === 200).length, 31, 'the burst, and the first');
    assert.equal(json(flood.find((reply) => reply.status === 429)!).statusCode, 429);
    // The session's flood does not hold back the address's other writes.
    assert.equal((await call('POST', '/api/films/12/view', {}, undefined, client)).status, 200);
  });

  test('requests nginx itself refuses get JSON too: huge headers and cookies, long lines, bad paths', async () => {
    const cases: [string, string, Record<string, string>, number][] = [
      ['a header over 8 KB', '/api/films', { 'x-fuzz': 'a'.repeat(9000) }, 400],
      ['a cookie over 8 KB', '/api/auth/user', { cookie: `a=${'b'.repeat(9000)}` }, 400],
      ['a request line over 8 KB', `/api/films?q=${'x'.repeat(9000)}`, {}, 414],
      ['a NUL in the path', '/api/films/%00', {}, 400],
      ['a bad percent-encoding', '/api/films/%zz', {}, 400],
    ];
    for (const [what, path, headers, status] of cases) {
      const reply = await call('GET', path, headers);
      assert.equal(reply.status, status, what);
      assert.equal(json(reply).statusCode, status, what);
    }
  });

  test('an oversized body gets a JSON 413', async () => {
    const reply = await call(
      'POST',
      '/api/feedback',
      { 'Content-Type': 'application/json' },
      Buffer.alloc(2 << 20),
    );
    assert.equal(reply.status, 413);
    assert.equal(json(reply).error, 'Payload Too Large');
  });

  test('uploads stream through unbuffered and unlimited, tus headers passed both ways', async () => {
    const size = 3 << 20;
    const tusHeaders = {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(size),
    };
    const started = () => fake('catalog').started.filter((url) => url === '/api/uploads/4f2a').length;
    const before = started();
    let seenMidBody = false;
    const reply = await new Promise<Reply>((resolve, reject) => {
      const req = request(
        { host: HOST, port, method: 'PATCH', path: '/api/uploads/4f2a', headers: tusHeaders, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
          });
        },
      );
      req.on('error', reject);
      // The first megabyte reaches catalog before the rest is sent: nginx does not buffer the body.
      req.write(Buffer.alloc(1 << 20, 1));
      void (async () => {
        const deadline = Date.now() + 3000;
        while (started() === before && Date.now() < deadline) await sleep(20);
        seenMidBody = started() > before;
        req.end(Buffer.alloc(size - (1 << 20), 2));
      })();
    });
    assert.equal(reply.status, 200, reply.body);
    assert.ok(seenMidBody, 'catalog saw the request while its body was still arriving');
    assert.equal(started(), before + 1);
    const seen = JSON.parse(reply.body) as Echo;
    assert.equal(seen.service, 'catalog');
    assert.equal(seen.bodyLength, size);
    assert.equal(seen.headers['tus-resumable'], '1.0.0');
    assert.equal(seen.headers['upload-offset'], '0');
    assert.equal(seen.headers['content-type'], 'application/offset+octet-stream');
    assert.equal(reply.headers['upload-offset'], String(size));
    assert.equal(reply.headers['tus-resumable'], '1.0.0');
    assert.equal(reply.headers.location, '/api/uploads/abc');

    const head = await call('HEAD', '/api/uploads/4f2a', { 'Tus-Resumable': '1.0.0' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['upload-offset'], '0');

    // The studio's bodies (captions inside) may pass 1 MB; other calls still may not.
    const studio = await call(
      'POST',
      '/api/studio/films',
      { 'Content-Type': 'application/json' },
      Buffer.alloc(5 << 20, 32),
    );
    assert.equal(studio.status, 200);
    assert.equal((JSON.parse(studio.body) as Echo).bodyLength, 5 << 20);
  });

  test('sign-in calls are rate limited per IP with a JSON 429; GET /api/auth/user is not', async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, () =>
        call('POST', '/api/auth/send-code', { 'Content-Type': 'application/json' }),
      ),
    );
    const limited = replies.filter((reply) => reply.status === 429);
    assert.ok(limited.length > 0, 'some calls are limited');
    assert.ok(
      replies.some((reply) => reply.status === 200),
      'the burst is allowed',
    );
    const first = limited[0];
    assert.ok(first);
    assert.deepEqual(json(first), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests, slow down and try again shortly',
    });
    const reads = await Promise.all(Array.from({ length: 40 }, () => call('GET', '/api/auth/user')));
    assert.deepEqual(new Set(reads.map((reply) => reply.status)), new Set([200]));
  });

  test('member reports are rate limited per IP with a JSON 429; the admin report queue is not', async () => {
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => call('POST', '/api/reports', { 'Content-Type': 'application/json' })),
    );
    const statuses = replies.map((reply) => reply.status);
    assert.ok(statuses.includes(429), 'a flood of reports is limited');
    assert.ok(statuses.includes(200), 'the burst is allowed');
    const reads = await Promise.all(Array.from({ length: 30 }, () => call('GET', '/api/admin/reports')));
    assert.deepEqual(new Set(reads.map((reply) => reply.status)), new Set([200]));
  });

  test('the access log is JSON with request id and user id, without query strings or cookies', async () => {
    await stopNginx('SIGQUIT');
    const lines = readFileSync(rendered.vars.ACCESS_LOG, 'utf8').trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const signedIn = entries.find((entry) => entry.uri === '/api/films/12/view' && entry.user_id === '42');
    assert.ok(signedIn, 'the signed-in call is logged with its user id');
    assert.equal(signedIn.method, 'POST');
    assert.equal(signedIn.status, 200);
    assert.match(String(signedIn.request_id), /^[0-9a-f]{32}$/);
    assert.match(String(signedIn.upstream), /^127\.0\.0\.1:\d+$/);
    for (const key of ['time', 'remote_addr', 'bytes', 'request_time', 'upstream_response_time']) {
      assert.ok(key in signedIn, key);
    }
    const text = lines.join('\n');
    assert.doesNotMatch(text, /src=test|valid-session|tok3n|genre=drama/);
  });
});
