import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_BODY_DEPTH, MAX_QUERY_PARAMETERS, MAX_URL_LENGTH, registerInputGuard } from './input-guard';

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
});
