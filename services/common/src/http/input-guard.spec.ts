import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  MAX_BODY_DEPTH,
  MAX_DRAINED_BODY_BYTES,
  MAX_QUERY_PARAMETERS,
  MAX_URL_LENGTH,
  registerInputGuard,
} from './input-guard';

describe('registerInputGuard', () => {
  let sut: FastifyInstance;

  beforeAll(async () => {
    sut = Fastify();
    registerInputGuard(sut);
    sut.get('/films/:id', async (request) => ({ params: request.params, query: request.query }));
    sut.post('/films', async (request) => ({ body: request.body }));
    await sut.ready();
  });

  afterAll(() => sut.close());

  const get = (url: string) => sut.inject({ method: 'GET', url });

  test('plain query strings and path parameters pass', async () => {
    const response = await get('/films/12?q=nebula%20dreams&genre=Sci-Fi&tags=a&tags=b');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      params: { id: '12' },
      query: { q: 'nebula dreams', genre: 'Sci-Fi', tags: ['a', 'b'] },
    });
  });

  test.each([
    ['a NUL byte', '/films/1?q=a%00b', 'Query parameter q'],
    ['a newline', '/films/1?genre=Drama%0A', 'Query parameter genre'],
    ['an escape character', '/films/1?q=%1B%5B31m', 'Query parameter q'],
    ['DEL', '/films/1?q=%7F', 'Query parameter q'],
    ['a control character in a repeated value', '/films/1?q=ok&q=%07', 'Query parameter q'],
    ['a control character in a name', '/films/1?a%00=1', 'A query parameter name'],
    ['a NUL byte in a path parameter', '/films/1%00', 'Path parameter id'],
  ])('%s gets a JSON 400 naming the parameter', async (_case, url, named) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toContain(named);
  });

  test('malformed percent-encoding reaches the handler as literal, storable text', async () => {
    const response = await get('/films/1?q=%ED%A0%80&genre=%zz');
    expect(response.statusCode).toBe(200);
    expect(response.json().query).toEqual({ q: '%ED%A0%80', genre: '%zz' });
  });

  test('an oversized URL gets a JSON 414', async () => {
    const response = await get(`/films/1?q=${'x'.repeat(MAX_URL_LENGTH)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ statusCode: 414, error: 'URI Too Long' });
  });

  test('too many query parameters get a JSON 400', async () => {
    const query = Array.from({ length: MAX_QUERY_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join('&');
    const response = await get(`/films/1?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Too many query parameters/);
  });

  test('a body field holding a NUL gets a JSON 400 naming the field', async () => {
    const response = await sut.inject({
      method: 'POST',
      url: '/films',
      payload: { title: 'ok', socialLinks: { twitter: 'a\u0000b' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('socialLinks.twitter contains a NUL or invalid character');
  });

  test('newlines and tabs in body text are fine', async () => {
    const response = await sut.inject({
      method: 'POST',
      url: '/films',
      payload: { description: 'line one\n\tline two' },
    });
    expect(response.statusCode).toBe(200);
  });

  test('a body nested deeper than any endpoint takes gets a JSON 400, however deep', async () => {
    for (const depth of [MAX_BODY_DEPTH + 1, 100_000]) {
      const response = await sut.inject({
        method: 'POST',
        url: '/films',
        headers: { 'content-type': 'application/json' },
        payload: `{"a":${'['.repeat(depth)}1${']'.repeat(depth)}}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`body nests deeper than ${MAX_BODY_DEPTH} levels`);
    }
    const fine = await sut.inject({
      method: 'POST',
      url: '/films',
      payload: { a: JSON.parse(`${'['.repeat(MAX_BODY_DEPTH - 2)}1${']'.repeat(MAX_BODY_DEPTH - 2)}`) },
    });
    expect(fine.statusCode).toBe(200);
  });

  test('a body over the limit gets its 413 on a kept connection, read to its end', async () => {
    const server = Fastify({ bodyLimit: 1024 });
    registerInputGuard(server);
    server.post('/films', async () => ({ ok: true }));
    server.get('/films', async () => ({ ok: true }));
    await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = server.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      let socketError: Error | undefined;
      socket.on('error', (error) => (socketError = error));
      await once(socket, 'connect');
      const body = Buffer.alloc(2 * 1024 * 1024, 'a');
      socket.write(
        `POST /films HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      // Sent in pieces with pauses, as a proxy forwarding a buffered body would.
      for (let at = 0; at < body.length; at += 256 * 1024) {
        socket.write(body.subarray(at, at + 256 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      socket.write('GET /films HTTP/1.1\r\nHost: x\r\n\r\n');
      const deadline = Date.now() + 5000;
      while (!received.includes('{"ok":true}') && !socketError && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      socket.destroy();
      expect(socketError).toBeUndefined();
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received).not.toMatch(/connection: close/i);
      expect(received).toContain('{"ok":true}');
    } finally {
      await server.close();
    }
  });

  test('a declared body beyond what is worth reading still closes the connection', async () => {
    const server = Fastify({ bodyLimit: 1024 });
    registerInputGuard(server);
    server.post('/films', async () => ({ ok: true }));
    await server.ready();
    const response = await server.inject({
      method: 'POST',
      url: '/films',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_DRAINED_BODY_BYTES + 1) },
      payload: '{}',
    });
    await server.close();
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
  });
});
