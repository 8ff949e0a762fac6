/**
 * The fuzzer itself, offline: it reads every documented operation with its refs resolved, plans
 * requests for all of them, builds the same requests from the same seed, keeps its promises about
 * mail and personas, and its judge catches what it must (a planted 500 on a real socket included).
 * Run: node --import tsx --test infra/fuzz/*.test.ts
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { loadDocuments, operations, SERVICES } from './openapi';
import { buildRequest, plan } from './plan';
import { allowedRoles, PERSONAS, POLICIES } from './policy';
import type { FuzzRequest } from './requests';
import {
  createSender,
  describeOutcome,
  inPool,
  judge,
  routedPath,
  sendAndJudge,
  type FuzzOutcome,
} from './runner';
import type { FuzzContext } from './targets';

const VICTIM = '11111111-1111-4111-8111-111111111111';
const aim = { pools: { film: ['3', '4'], user: [VICTIM], review: ['9'] }, plausible: [1, 100] as const };
const targets = { read: aim, write: aim };
const context: FuzzContext = {
  targets: { visitor: targets, member: targets, creator: targets, admin: targets },
  forgedUserIds: [VICTIM],
};
const all = operations();
const byKey = new Map(all.map((operation) => [operation.key, operation]));
const documented = (key: string) => {
  const operation = byKey.get(key);
  assert.ok(operation, `${key} is documented`);
  return operation;
};

describe('the OpenAPI documents', () => {
  test('every operation of the six documents is read', () => {
    const documents = loadDocuments();
    const expected = SERVICES.flatMap((service) =>
      Object.entries(documents[service].paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    assert.deepEqual(all.map((operation) => operation.key).sort(), expected.sort());
    assert.ok(all.length > 90, `${all.length} operations`);
  });

  test('every $ref is resolved, nested ones included', () => {
    assert.doesNotMatch(JSON.stringify(all), /\$ref/);
    const film = documented('POST /api/studio/films').body!.schema!;
    assert.deepEqual(film.required, [
      'uploadId',
      'title',
      'description',
      'genre',
      'language',
      'releaseYear',
      'aiDisclosure',
    ]);
    // CreateStudioFilmDto → AiDisclosureInputDto → AiPart (an enum), and Genre through allOf.
    assert.ok(film.properties!.aiDisclosure!.properties!.parts!.items!.enum!.length > 0);
    assert.ok(film.properties!.genre!.allOf![0]!.enum!.includes('Drama'));
    const sort = documented('GET /api/films').queryParams.find((param) => param.name === 'sort')!;
    assert.ok(sort.schema.enum!.length > 0, 'a query parameter’s $ref');
  });
});

describe('the plan', () => {
  test('covers every operation for every persona, at least the total asked for', () => {
    const planned = plan({ total: 2000 });
    assert.ok(planned.length >= 2000, `${planned.length} planned`);
    for (const persona of PERSONAS) {
      const covered = new Set(
        planned.filter((each) => each.persona === persona).map((each) => each.operation.key),
      );
      assert.deepEqual([...covered].sort(), [...byKey.keys()].sort(), persona);
    }
  });

  test('sparing operations get a small share', () => {
    const planned = plan({ total: 10_000 });
    const count = (key: string) => planned.filter((each) => each.operation.key === key).length;
    assert.ok(count('POST /api/auth/send-code') * 4 < count('GET /api/films'));
    assert.ok(count('POST /api/uploads') * 4 < count('GET /api/films'));
  });

  test('every policy and role gate names a documented operation', () => {
    for (const key of Object.keys(POLICIES)) documented(key);
    assert.deepEqual(allowedRoles('PATCH /api/admin/films/{filmId}/status'), ['admin']);
    // Catalog's creator management is under /api/admin too: gated like every admin call.
    for (const key of [
      'GET /api/admin/creators',
      'PUT /api/admin/creators/{id}/verification',
      'DELETE /api/admin/creators/{id}/verification',
      'POST /api/admin/creators/{id}/suspension',
      'DELETE /api/admin/creators/{id}/suspension',
    ]) {
      documented(key);
      assert.deepEqual(allowedRoles(key), ['admin'], key);
    }
    assert.equal(allowedRoles('GET /api/films'), undefined);
  });
});

describe('the requests', () => {
  const planned = plan({ total: 3000 });

  test('the same seed gives the same requests, another seed others', () => {
    const sample = planned.filter((_, i) => i % 7 === 0);
    const first = sample.map((each) => buildRequest(each, context, 1234));
    const again = sample.map((each) => buildRequest(each, context, 1234));
    assert.deepEqual(again, first);
    // Built alone (as FUZZ_ONLY replays it), a request is still the same.
    assert.deepEqual(buildRequest(sample[40]!, context, 1234), first[40]);
    const other = sample.map((each) => buildRequest(each, context, 1235));
    assert.ok(
      other.filter((request, i) => JSON.stringify(request) !== JSON.stringify(first[i])).length >
        sample.length / 2,
    );
  });

  const built = planned.map((each) => buildRequest(each, context, 99));
  const of = (key: string) => built.filter((request) => request.operation === key);

  test('no send-code or invitation body holds an email address', () => {
    for (const request of [...of('POST /api/auth/send-code'), ...of('POST /api/critics/invitations')]) {
      if (typeof request.body === 'string') assert.doesNotMatch(request.body, /@/, request.id);
    }
  });

  test('member and admin never send a valid creator profile; no one logs their own session out', () => {
    const members = of('POST /api/creators').filter((request) =>
      ['member', 'admin'].includes(request.persona),
    );
    assert.ok(members.length > 0);
    assert.ok(members.every((request) => !request.variant.includes('body:valid')));
    for (const request of [...of('POST /api/auth/logout'), ...of('GET /api/logout')]) {
      assert.ok(['none', 'raw'].includes(request.cookie.kind), request.id);
    }
  });

  test('paths fill every placeholder; ids come from the pools too', () => {
    for (const request of built) assert.doesNotMatch(request.url.split('?')[0]!, /\{\w+\}/, request.id);
    assert.ok(of('DELETE /api/auth/users/{userId}/sessions').some((request) => request.url.includes(VICTIM)));
    const kinds = new Set(
      built.flatMap((request) => request.variant.split(' ').map((part) => part.split(':')[0])),
    );
    for (const kind of ['path', 'query', 'body', 'ct', 'hdr', 'cookie']) assert.ok(kinds.has(kind), kind);
  });
});

describe('the judge', () => {
  const films = documented('GET /api/films');
  const me = documented('GET /api/auth/user');
  const request = (over: Partial<FuzzRequest> = {}): FuzzRequest => ({
    id: 'visitor GET /api/films #0',
    persona: 'visitor',
    operation: films.key,
    method: 'GET',
    url: '/api/films',
    headers: {},
    cookie: { kind: 'none' },
    variant: 'plain',
    ...over,
  });
  const json = (status: number, body: unknown = { statusCode: status, error: 'Bad', message: 'bad' }) => ({
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    ms: 1,
  });

  test('passes a JSON 4xx and a 2xx', () => {
    assert.deepEqual(judge(request(), films, json(400)), []);
    assert.deepEqual(judge(request(), films, json(200, [])), []);
  });

  test('fails a 5xx, an HTML 4xx, a 4xx without the error shape', () => {
    assert.match(judge(request(), films, json(500)).join(), /server error 500/);
    assert.match(
      judge(request(), films, {
        status: 400,
        headers: { 'content-type': 'text/html' },
        body: '<html>',
        ms: 1,
      }).join(),
      /without a JSON content type/,
    );
    assert.match(
      judge(request(), films, json(404, { message: 'x' })).join(),
      /not \{statusCode, error, message\}/,
    );
  });

  test('fails a 2xx for a visitor on a sign-in-only call and for a member on an admin call', () => {
    assert.match(judge(request({ operation: me.key, url: me.path }), me, json(200, {})).join(), /needs one/);
    const stats = documented('GET /api/admin/stats');
    const member = request({
      persona: 'member',
      operation: stats.key,
      url: stats.path,
      cookie: { kind: 'persona' },
    });
    assert.match(judge(member, stats, json(200, {})).join(), /member got 200 .* only a role of admin/);
    // A member's own token under forged admin claims is still the member.
    const tampered = {
      ...member,
      cookie: { kind: 'tampered', userId: VICTIM, roles: 'admin', signed: false } as const,
    };
    assert.match(judge(tampered, stats, json(200, {})).join(), /member got 200/);
  });

  test('follows the path nginx routes by: a path that resolves outside /api is the SPA’s', () => {
    assert.equal(routedPath('/api/films/..%2F..%2Fadmin?x=1'), '/admin');
    assert.equal(routedPath('/api/films/./3/reviews'), '/api/films/3/reviews');
    assert.equal(routedPath('/api/films/%zz'), '/api/films/%zz');
    const html = { status: 405, headers: { 'content-type': 'text/html' }, body: '<html>', ms: 1 };
    assert.deepEqual(judge(request({ method: 'POST', url: '/api/films/../../x/like' }), films, html), []);
    // Resolved to another route, a 2xx says nothing about who may call the documented one.
    const spa = request({ operation: me.key, url: '/api/auth/user/..%2F..%2Ffilms' });
    assert.deepEqual(judge(spa, me, json(200, [])), []);
  });

  test('a planted 500 on a real server is caught and described', async () => {
    const server = createServer((incoming, reply) => {
      incoming.resume();
      const planted = incoming.url?.startsWith('/api/films?');
      reply.writeHead(planted ? 500 : 404, { 'content-type': 'application/json' });
      reply.end(JSON.stringify({ statusCode: planted ? 500 : 404, error: 'x', message: 'y' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { send, close } = createSender({
      gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      sessions: {},
    });
    try {
      const requests = plan({ total: 400, personas: ['visitor'] }).map((each) =>
        buildRequest(each, context, 7),
      );
      const outcomes: FuzzOutcome[] = [];
      await inPool(requests, 8, async (each) => {
        outcomes.push(await sendAndJudge(each, byKey.get(each.operation)!, send));
      });
      const planted = outcomes.filter((outcome) => outcome.request.url.startsWith('/api/films?'));
      assert.ok(planted.length > 0, 'some GET /api/films request had a query string');
      for (const outcome of outcomes) {
        const caught = outcome.problems.includes('server error 500');
        assert.equal(caught, planted.includes(outcome) && outcome.response !== undefined, outcome.request.id);
      }
      assert.match(
        describeOutcome(
          planted.find((outcome) => outcome.response)!,
          {},
        ),
        /GET \/api\/films\?[^]*→ 500/,
      );
    } finally {
      await close();
      server.close();
    }
  });
});
