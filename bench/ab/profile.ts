/**
 * A CPU profile of a running service process, taken over the inspector protocol while load runs,
 * and where its self time went: per npm package, or per file of ours.
 *
 *   NODE_FLAGS=--inspect=127.0.0.1:9229 bash bench/ab/swap.sh auth .   (restart it inspectable)
 *   npx tsx bench/ab/profile.ts [seconds (15)] [out.cpuprofile]        (while wrk runs against it)
 *
 * Prints the top entries with their share of the samples, and the idle share (a profile of a
 * process that was not busy says little). The .cpuprofile opens in Chrome's DevTools.
 * Settings: AB_INSPECT_URL (http://127.0.0.1:9229), AB_SAMPLE_US (200).
 */
import { writeFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const inspectUrl = process.env.AB_INSPECT_URL ?? 'http://127.0.0.1:9229';
const seconds = Number(process.argv[2] ?? 15);
const out = process.argv[3];

/** Where a frame's time is counted: its npm package, a file of ours, or V8's own entries. */
function owner(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName || 'native'})`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + '/node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const ours = url.indexOf('/services/');
  if (ours >= 0) return url.slice(ours + 1).replace('/dist/src/', '/');
  return url.startsWith('node:') ? url : url.replace(/^file:\/\//, '');
}

async function main(): Promise<void> {
  const [target] = (await (await fetch(`${inspectUrl}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error(`no inspector target at ${inspectUrl}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (message) => {
    const { id, result } = JSON.parse(String(message.data)) as { id?: number; result?: unknown };
    if (id !== undefined) waiting.get(id)?.(result);
  };
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });

  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: Number(process.env.AB_SAMPLE_US ?? 200) });
  await send('Profiler.start');
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const { profile } = await send<{ profile: Profile }>('Profiler.stop');
  socket.close();
  if (out) writeFileSync(out, JSON.stringify(profile));

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const key = owner(byId.get(id)!.callFrame);
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  for (const [key, count] of rows) console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
  console.log(`${total} samples`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
