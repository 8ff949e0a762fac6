/**
 * The fault drill on the compose stack: under visitors' viewing sessions and ad breaks and a
 * member's reviews, analytics-worker's and an ads container's main processes are killed with
 * SIGKILL (as a crash would); their restart policy brings them back, and every write answered 2xx
 * ends where it should, none twice (infra/chaos: the same loads and checks as the local drills,
 * reading the services' rows through PostgreSQL's port on 127.0.0.1 and each process's /metrics
 * from inside its container).
 * Run by compose.sh test, with KINORA_POSTGRES_URL pointing at the stack's PostgreSQL.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { runContainerKills } from '../../chaos/container-kill';
import { describeDrill } from '../../chaos/drill';
import { prepareDrills } from '../../chaos/drills';
import { GATEWAY } from '../../e2e/support';
import { composeMetricsSources, replicasOf } from '../docker';

test('analytics-worker and ads killed under load: restarted by their policy, nothing lost or doubled', async (t) => {
  const drills = await prepareDrills(
    GATEWAY,
    { viewers: 8, outageMs: 20_000, steadyMs: 6_000, recoverWithinS: 45 },
    (line) => t.diagnostic(line),
    composeMetricsSources,
  );
  const [worker] = replicasOf('analytics-worker');
  const ads = replicasOf('ads');
  assert.ok(worker && ads[0], 'analytics-worker and ads are running');
  const report = await runContainerKills(drills.setup, {
    steadyMs: 6_000,
    recoverWithinS: 60,
    restartWithinS: 120,
    targets: [
      { container: worker.Name, service: 'analytics', worker: true, replicated: false },
      { container: ads[0].Name, service: 'ads', worker: false, replicated: ads.length > 1 },
    ],
  });
  for (const line of describeDrill(report).split('\n')) t.diagnostic(line);
  assert.deepEqual(report.problems, []);
});
