// The jobs view: bull-board mounted on admin over the platform's real queues (Redis under the test's
// key prefix), with a real BullMQ worker standing in for catalog-worker's media processor.
import {
  assertUrlInputsNeverFail,
  assertVisitorsRefused,
  eventually,
  injectSender,
  openApiDocument,
} from '@kinora/common/testing';
import { PLATFORM_QUEUES, queueOptions } from '@kinora/common';
import { Queue, Worker } from 'bullmq';
import {
  ADMIN,
  asAdmin,
  call,
  expectError,
  MEMBER,
  service,
  setUpAdminHarness,
  sut,
  type Method,
} from './admin-harness';

setUpAdminHarness('admin_jobs');

const BOARD = '/api/admin/jobs';
const REASON = 'ffmpeg exited with code 1: upload 41 has no video stream';

let media: Queue;
let worker: Worker;
/** Each run of a transcode job: its attempt number as the worker saw it. */
const runs: number[] = [];

beforeAll(async () => {
  const options = queueOptions(service.config);
  media = new Queue('catalog-media', options);
  // Fails a transcode the first time it runs, as a broken upload would; the retry goes through.
  worker = new Worker(
    'catalog-media',
    async (job) => {
      runs.push(job.attemptsMade);
      if (runs.length === 1) throw new Error(REASON);
    },
    options,
  );
});

afterAll(async () => {
  await worker?.close();
  await media?.close();
});

const asVisitor = (method: Method, url: string) => call(method, url);
/** A member who is also a creator: neither role is admin. */
const asMember = (method: Method, url: string) => call(method, url, undefined, MEMBER, 'user,creator');

test('a failed transcode is listed with its reason, and retrying it runs it again', async () => {
  const job = await media.add('transcode', { payload: { filmId: 41 }, trace: {} }, { attempts: 1 });
  await eventually(async () => (await job.getState()) === 'failed', 15_000, 'the transcode to fail');

  const listed = await asAdmin('GET', `${BOARD}/api/queues?activeQueue=catalog-media&status=failed`);
  expect(listed.statusCode).toBe(200);
  const queues = listed.json().queues as {
    name: string;
    counts: Record<string, number>;
    jobs: { id: string; name: string; failedReason?: string }[];
  }[];
  expect(queues.map((queue) => queue.name).sort()).toStrictEqual([...PLATFORM_QUEUES].sort());
  const catalog = queues.find((queue) => queue.name === 'catalog-media')!;
  expect(catalog.counts).toMatchObject({ failed: 1, waiting: 0, active: 0, delayed: 0 });
  expect(catalog.jobs).toMatchObject([{ id: job.id, name: 'transcode', failedReason: REASON }]);

  const detail = await asAdmin('GET', `${BOARD}/api/queues/catalog-media/${job.id}`);
  expect(detail.statusCode).toBe(200);
  expect(detail.json()).toMatchObject({ status: 'failed', job: { id: job.id, failedReason: REASON } });

  // Only an admin retries: the job stays failed for the others.
  const retry = `${BOARD}/api/queues/catalog-media/${job.id}/retry`;
  expectError(await asVisitor('PUT', retry), 401);
  expectError(await asMember('PUT', retry), 403, /admin/);
  expect(await job.getState()).toBe('failed');

  expect((await asAdmin('PUT', retry)).statusCode).toBe(204);
  await eventually(
    async () => (await media.getJobState(job.id!)) === 'completed',
    15_000,
    'the retried transcode to complete',
  );
  expect(runs).toHaveLength(2);
  const after = await asAdmin('GET', `${BOARD}/api/queues?activeQueue=catalog-media&status=failed`);
  expect(
    after.json().queues.find((queue: { name: string }) => queue.name === 'catalog-media').counts,
  ).toMatchObject({ failed: 0, completed: 1 });
});

test('the page, its files and its calls are for admins only: 401 for a visitor, 403 for a member', async () => {
  const page = await asAdmin('GET', `${BOARD}/`);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.body).toContain(`<base href="${BOARD}/"`);
  const script = /src="(static\/js\/main[^"]+)"/.exec(page.body)![1];
  expect((await asAdmin('GET', `${BOARD}/${script}`)).statusCode).toBe(200);

  for (const url of [
    `${BOARD}/`,
    `${BOARD}/${script}`,
    `${BOARD}/api/queues`,
    `${BOARD}/queue/catalog-media`,
  ]) {
    expectError(await asVisitor('GET', url), 401);
    expectError(await asMember('GET', url), 403, /admin/);
  }
});

test('what the view does not offer (pausing, emptying, cleaning, adding jobs) is not there', async () => {
  for (const action of ['pause', 'empty', 'clean/failed', 'promote']) {
    expectError(await asAdmin('PUT', `${BOARD}/api/queues/catalog-media/${action}`), 404);
  }
  expectError(
    await asAdmin('POST', `${BOARD}/api/queues/catalog-media/add`, { name: 'transcode', data: {} }),
    404,
  );
  expect(await media.isPaused()).toBe(false);
});

test('bad input is a JSON 4xx in the platform shape', async () => {
  const unknownQueue = await asAdmin('GET', `${BOARD}/api/queues/nope/1`);
  expect(unknownQueue.json()).toStrictEqual({
    statusCode: 404,
    error: 'Not Found',
    message: 'Queue not found',
  });
  expectError(await asAdmin('GET', `${BOARD}/api/queues/catalog-media/no-such-job`), 404, /Job not found/);
  expectError(await asAdmin('GET', `${BOARD}/api/queues?page=zero`), 400);
});

describe('the URL fuzzer over the jobs view calls', () => {
  const document = openApiDocument('admin');
  const jobs = {
    ...document,
    paths: Object.fromEntries(
      Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith(BOARD)),
    ),
  };

  test('they are documented', () => {
    expect(Object.keys(jobs.paths)).toEqual(
      expect.arrayContaining([`${BOARD}/api/queues`, `${BOARD}/api/queues/{queueName}/{jobId}/retry`]),
    );
  });

  test('refuse visitors and never fail on hostile URLs', async () => {
    const refused = await assertVisitorsRefused({ document: jobs, send: injectSender(sut, {}) });
    expect(refused.length).toBe(Object.values(jobs.paths).flatMap((item) => Object.keys(item)).length);
    const sent = await assertUrlInputsNeverFail({
      document: jobs,
      send: injectSender(sut, { 'x-user-id': ADMIN, 'x-user-roles': 'admin' }),
      runs: 15,
    });
    expect(sent).toBeGreaterThan(0);
  });
});
