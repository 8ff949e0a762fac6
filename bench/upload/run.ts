/**
 * Upload throughput and transcoding speed, against the running platform (make up).
 *
 *   npx tsx bench/upload/run.ts
 *
 * In one run:
 *   sink      curl PUTs a BENCH_UPLOAD_MB file (200) to a bare nginx started here, which writes the
 *             body to disk (WebDAV PUT): the machine's ceiling for receiving a file over HTTP
 *   tus-one   the same file through the gateway to catalog's tus endpoint in one PATCH (curl)
 *   tus-chunked  the same file in PATCHes of the SPA's chunk size (UPLOAD_CHUNK_BYTES, 50 MiB)
 * and prints MB/s for each and the ratios tus/sink. Then transcoding speed: catalog-worker's
 * transcode() on a BENCH_TRANSCODE_SECONDS (30) 1080p25 clip made by ffmpeg, as seconds of video
 * per wall-clock second.
 *
 * The tus uploads need a creator: the bench signs a fresh member in (code from maildev) and
 * registers them as a creator. Settings: BENCH_GATEWAY_URL (http://127.0.0.1:8080), MAILDEV_URL
 * (http://127.0.0.1:1080), BENCH_UPLOAD_MB (200), BENCH_TRANSCODE_SECONDS (30).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, closeSync, writeSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { transcode } from '../../services/catalog/src/media/transcode.js';
import { UPLOAD_CHUNK_BYTES } from '@kinora/contracts';

import { signIn } from '../lib/session.js';
import { freePort } from '@kinora/common/testing';
import { BenchError, run, setting, gatewayUrlSetting, maildevUrlSetting } from '../lib/wrk.js';

const MIB = 1024 * 1024;

/** A file of `bytes` random bytes (incompressible, so no layer can cheat). */
function randomFile(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  try {
    const block = randomBytes(MIB);
    for (let written = 0; written < bytes; written += MIB)
      writeSync(fd, block, 0, Math.min(MIB, bytes - written));
  } finally {
    closeSync(fd);
  }
}

const CURL_REPORT = ['-sS', '-o', '/dev/null', '-D', '-', '-w', '\nKINORA %{http_code} %{time_total}\n'];

function parseReport(stdout: string, stderr: string): { seconds: number; status: number; headers: string } {
  const match = /KINORA (\d+) ([\d.]+)/.exec(stdout);
  if (!match) throw new BenchError(`curl failed: ${stderr}`, 2);
  return { status: Number(match[1]), seconds: Number(match[2]), headers: stdout };
}

/** curl's own measure of one request: seconds, the HTTP status and the response headers. */
function curl(args: string[]): { seconds: number; status: number; headers: string } {
  const result = spawnSync('curl', [...CURL_REPORT, ...args], { encoding: 'utf8', maxBuffer: 16 * MIB });
  if (result.error)
    throw new BenchError(`curl is not installed: apt-get install -y curl (${result.error.message})`, 1);
  return parseReport(result.stdout, result.stderr);
}

/** A bare nginx on a free port that writes PUT bodies to disk; stopped by the returned function. */
async function startSink(dir: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  mkdirSync(join(dir, 'logs'), { recursive: true });
  mkdirSync(join(dir, 'sink'), { recursive: true });
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  server {
    listen 127.0.0.1:${port};
    location /sink/ {
      root ${dir};
      client_max_body_size 0;
      client_body_buffer_size 1m;
      dav_methods PUT;
      create_full_put_path on;
    }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (curl([`${url}/`]).status > 0) return { url, stop: () => nginx.kill('SIGQUIT') };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  nginx.kill();
  throw new BenchError('the bare nginx sink did not start', 2);
}

/** Registers the signed-in member as a creator and waits until the session carries the role. */
async function becomeCreator(gatewayUrl: string, cookie: string): Promise<void> {
  const headers = { cookie, origin: gatewayUrl, 'content-type': 'application/json' };
  const created = await fetch(`${gatewayUrl}/api/creators`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ bio: 'Benchmarks the upload path.', socialLinks: {} }),
  });
  if (created.status !== 201 && created.status !== 409) {
    throw new BenchError(`POST /api/creators answered ${created.status}: ${await created.text()}`, 2);
  }
  for (let attempt = 0; attempt < 150; attempt++) {
    const user = (await (await fetch(`${gatewayUrl}/api/auth/user`, { headers })).json()) as {
      roles?: string[];
    };
    if (user.roles?.includes('creator')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new BenchError('the creator role did not reach the session within 30 s', 2);
}

/** curl's -H arguments of a tus request as the member at `origin`, then `more` headers. */
function tusHeaders(cookie: string, origin: string, more: string[]): string[] {
  return [`Cookie: ${cookie}`, `Origin: ${origin}`, 'Tus-Resumable: 1.0.0', ...more].flatMap((header) => [
    '-H',
    header,
  ]);
}

/** Creates a tus upload of `bytes`; returns its URL. */
function createUpload(gatewayUrl: string, cookie: string, bytes: number): string {
  const created = curl([
    '-X',
    'POST',
    ...tusHeaders(cookie, gatewayUrl, [
      `Upload-Length: ${bytes}`,
      `Upload-Metadata: filename ${Buffer.from('bench.bin').toString('base64')}`,
    ]),
    `${gatewayUrl}/api/uploads/`,
  ]);
  const location = /^location: *(\S+)/im.exec(created.headers)?.[1];
  if (created.status !== 201 || !location) throw new BenchError(`tus create answered ${created.status}`, 2);
  return new URL(location, gatewayUrl).toString();
}

/** curl with a stdin of `length` bytes of `file` from `offset` (cut by dd; offsets are whole MiB). */
function curlPiece(args: string[], file: string, offset: number, length: number) {
  const dd = `dd if='${file}' bs=1M skip=${offset / MIB} count=${Math.ceil(length / MIB)} status=none`;
  const quoted = args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync(
    'bash',
    ['-c', `${dd} | curl ${CURL_REPORT.map((arg) => `'${arg}'`).join(' ')} ${quoted}`],
    {
      encoding: 'utf8',
      maxBuffer: 16 * MIB,
    },
  );
  return parseReport(result.stdout, result.stderr);
}

/** PATCHes `file` to `uploadUrl` in pieces of `chunk` bytes (one request when chunk ≥ size); returns curl's seconds. */
function patchAll(
  uploadUrl: string,
  cookie: string,
  origin: string,
  file: string,
  bytes: number,
  chunk: number,
): number {
  let seconds = 0;
  for (let offset = 0; offset < bytes; offset += chunk) {
    const length = Math.min(chunk, bytes - offset);
    const args = [
      '-X',
      'PATCH',
      ...tusHeaders(cookie, origin, [
        `Upload-Offset: ${offset}`,
        'Content-Type: application/offset+octet-stream',
      ]),
      '--data-binary',
      length === bytes ? `@${file}` : '@-',
      uploadUrl,
    ];
    const result = length === bytes ? curl(args) : curlPiece(args, file, offset, length);
    if (result.status !== 204) throw new BenchError(`tus PATCH at ${offset} answered ${result.status}`, 2);
    seconds += result.seconds;
  }
  return seconds;
}

async function transcodeSpeed(
  dir: string,
  seconds: number,
): Promise<{ videoSeconds: number; wallSeconds: number }> {
  const source = join(dir, 'source-1080p.mp4');
  const made = spawnSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=1920x1080:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new BenchError(`ffmpeg could not make the clip: ${made.stderr}`, 2);
  const started = process.hrtime.bigint();
  const result = await transcode(source, join(dir, 'out'), { watermark: 'Bench Creator', title: 'Bench' });
  return {
    videoSeconds: result.durationSeconds,
    wallSeconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
}

async function main(): Promise<void> {
  const gatewayUrl = gatewayUrlSetting();
  const maildevUrl = maildevUrlSetting();
  const bytes = Math.round(setting('BENCH_UPLOAD_MB', 200)) * MIB;
  const clipSeconds = setting('BENCH_TRANSCODE_SECONDS', 30);

  const dir = mkdtempSync(join(tmpdir(), 'kinora-bench-upload-'));
  try {
    const file = join(dir, 'upload.bin');
    randomFile(file, bytes);
    const cookie = await signIn(gatewayUrl, maildevUrl);
    await becomeCreator(gatewayUrl, cookie);

    const sink = await startSink(join(dir, 'nginx'));
    let sinkSeconds: number;
    try {
      const put = curl(['-T', file, `${sink.url}/sink/upload.bin`]);
      if (put.status !== 201 && put.status !== 204)
        throw new BenchError(`the sink answered ${put.status}`, 2);
      sinkSeconds = put.seconds;
    } finally {
      sink.stop();
    }
    const one = patchAll(createUpload(gatewayUrl, cookie, bytes), cookie, gatewayUrl, file, bytes, bytes);
    const chunked = patchAll(
      createUpload(gatewayUrl, cookie, bytes),
      cookie,
      gatewayUrl,
      file,
      bytes,
      UPLOAD_CHUNK_BYTES,
    );

    const mbps = (seconds: number) => bytes / MIB / seconds;
    const rows = [
      ['sink', 'curl PUT to a bare nginx writing the body to disk', sinkSeconds],
      ['tus-one', 'gateway → catalog tus, one PATCH', one],
      ['tus-chunked', `gateway → catalog tus, ${UPLOAD_CHUNK_BYTES / MIB} MiB PATCHes (as the SPA)`, chunked],
    ] as const;
    console.log(`\nUpload of ${bytes / MIB} MiB (random bytes)`);
    for (const [name, description, seconds] of rows) {
      console.log(
        `${name.padEnd(12)} ${mbps(seconds).toFixed(1).padStart(8)} MiB/s ${seconds.toFixed(2).padStart(7)} s  ${description}`,
      );
    }
    console.log(`ratio tus-one/sink  ${(sinkSeconds / one).toFixed(2)}×`);
    console.log(`ratio tus-chunked/sink ${(sinkSeconds / chunked).toFixed(2)}×`);

    const speed = await transcodeSpeed(dir, clipSeconds);
    console.log(
      `\nTranscode of a ${speed.videoSeconds.toFixed(1)} s 1080p25 clip: ${speed.wallSeconds.toFixed(1)} s wall, ` +
        `${(speed.videoSeconds / speed.wallSeconds).toFixed(2)} s of video per second`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

run(main);
