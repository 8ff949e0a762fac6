import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAccessLog, serviceLoggers } from './logging';

describe('the access log', () => {
  let sut: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const loggers = serviceLoggers('test', { LOG_LEVEL: 'info' }, /^\/quiet$/, sink);
    sut = Fastify();
    registerAccessLog(sut, loggers);
    sut.get('/films/:id', async () => ({ ok: true }));
    sut.get('/broken', async () => {
      throw new Error('boom');
    });
    for (const path of ['/quiet', '/health/live', '/metrics']) sut.get(path, async () => 'ok');
    await sut.ready();
  });

  beforeEach(() => {
    lines.length = 0;
  });

  afterAll(() => sut.close());

  const request = (url: string, headers: Record<string, string> = {}) =>
    sut.inject({ method: 'GET', url, headers });

  test('one line per response: request id, member, method, path without its query, status, time', async () => {
    await request('/films/7?invite=secret-token', { 'x-user-id': 'u-1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      service: 'test',
      userId: 'u-1',
      method: 'GET',
      url: '/films/7',
      statusCode: 200,
      msg: 'request completed',
    });
    expect(typeof lines[0]!.requestId).toBe('string');
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines[0])).not.toContain('secret-token');
  });

  test('a server error logs at error level; a client error at info', async () => {
    await request('/broken');
    await request('/nowhere');
    expect(lines.map((line) => [line.statusCode, line.level, line.msg])).toEqual([
      [500, 50, 'request errored'],
      [404, 30, 'request completed'],
    ]);
  });

  test('quiet paths, liveness and metrics get no line', async () => {
    await request('/quiet?x=1');
    await request('/health/live');
    await request('/metrics');
    expect(lines).toEqual([]);
  });

  test('the app logger redacts secrets one level down', () => {
    const sink: string[] = [];
    const loggers = serviceLoggers(
      'test',
      { LOG_LEVEL: 'info' },
      undefined,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          sink.push(chunk.toString());
          done();
        },
      }),
    );
    loggers.app.info({ body: { code: '123456', token: 't', sessionId: 's' } }, 'sign-in');
    expect(JSON.parse(sink[0]!).body).toEqual({
      code: '[redacted]',
      token: '[redacted]',
      sessionId: '[redacted]',
    });
  });
});
