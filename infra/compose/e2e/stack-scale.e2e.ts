/**
 * Scaling on the compose stack: compose.sh test ran `up --scale ads=3 --scale analytics=2` on the
 * running stack; every replica comes up healthy, the gateway finds the new ones by itself (its entry
 * point reloads nginx when an upstream's addresses change) and spreads requests over all of them.
 * infra/e2e/ads-scale.e2e.ts, run next, then checks that budgets, caps and totals stay exact over the
 * three ads replicas.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { adminSession, GATEWAY } from '../../e2e/support';
import { inspect, nodeIn, replicasOf } from '../docker';

const WAIT_MS = 60_000;
const REQUESTS = 300;

const routes: Record<string, string> = { ads: '/api/ads/campaigns', analytics: '/api/analytics/admin' };

/** The requests for `service`'s test route each of its replicas has served so far, by container. */
function served(service: string): Map<string, number> {
  const series = new RegExp(
    `^http_request_duration_seconds_count\\{[^}]*route="${routes[service]}"[^}]*\\} (\\S+)$`,
    'gm',
  );
  return new Map(
    replicasOf(service).map((c) => {
      const metrics = nodeIn(
        c.Name,
        "fetch('http://127.0.0.1:' + process.env.PORT + '/metrics').then(async (r) => process.stdout.write(await r.text()))",
      );
      const count = [...metrics.matchAll(series)].reduce((sum, match) => sum + Number(match[1]), 0);
      return [c.Name, count];
    }),
  );
}

async function send(service: string, cookie: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${GATEWAY}${routes[service]}`, { headers: { cookie } });
    assert.equal(response.status, 200, `${routes[service]}: ${response.status} ${await response.text()}`);
  }
}

test('--scale ads=3 analytics=2: every replica healthy and served by the gateway', async (t) => {
  const { cookie } = await adminSession();
  for (const [service, replicas] of [
    ['ads', 3],
    ['analytics', 2],
  ] as const) {
    assert.equal(replicasOf(service).length, replicas, `${service} replicas`);
    const started = Date.now();
    while (replicasOf(service).some((c) => inspect(c.Name).health !== 'healthy')) {
      assert.ok(
        Date.now() - started < WAIT_MS,
        `${service}: not every replica healthy within ${WAIT_MS / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // The gateway reloads within a few seconds of the new addresses: until then, not every replica.
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const before = served(service);
      await send(service, cookie, 30);
      const after = served(service);
      if ([...after].every(([name, count]) => count > (before.get(name) ?? 0))) break;
      assert.ok(
        Date.now() < deadline,
        `not every ${service} replica served a request within ${WAIT_MS / 1000} s`,
      );
    }
    const before = served(service);
    await send(service, cookie, REQUESTS);
    const shares = [...served(service)].map(
      ([name, count]) => [name, count - (before.get(name) ?? 0)] as const,
    );
    t.diagnostic(
      `${REQUESTS} ${routes[service]} over ${service}: ${shares.map(([n, c]) => `${n} ${c}`).join(', ')}`,
    );
    for (const [name, count] of shares) {
      assert.ok(count >= REQUESTS / replicas / 2, `${name} served ${count} of ${REQUESTS}: not spread`);
    }
  }
});
