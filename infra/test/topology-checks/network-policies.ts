// k8s/base's NetworkPolicies (network-policies*.yaml) against infra/topology.ts: each rule to or from
// a process on its port, the gateway's way to every service and clients' to the gateway, the
// platform's egress policies on their ports, mail egress for exactly the processes that send mail.
// (Which connections are allowed at all: k8s-checks/network.ts.)
import { APPS, GATEWAY, PLATFORM, SERVICE_NAMES, processNamed, serviceProcess } from '../../topology';
import { sorted, type Located } from '../manifests/files';
import { selectedNames } from '../manifests/k8s';
import type { NetworkPolicyRule } from '../manifests/shapes';
import { differs } from './shared';

export function networkPolicyProblems(objects: readonly Located[]): string[] {
  const problems: string[] = [];
  const policies = objects.filter(
    ({ file, object }) => object.kind === 'NetworkPolicy' && /network-policies[^/]*\.yaml$/.test(file),
  );
  const portOfProcess = (name: string) => {
    const p = processNamed(name);
    return p && 'port' in p ? p.port : undefined;
  };
  const rulePorts = (rule: NetworkPolicyRule) => (rule.ports ?? []).map((entry) => String(entry.port));
  const reached = new Map<string, Set<string>>();

  for (const { file, object } of policies) {
    const policy = object.metadata?.name ?? '?';
    const spec = object.spec ?? {};
    // In: a process's pods are reached on its port.
    for (const name of selectedNames(spec.podSelector)) {
      const port = portOfProcess(name);
      if (port === undefined) continue;
      for (const rule of spec.ingress ?? []) {
        for (const actual of rulePorts(rule).filter((actual) => actual !== String(port))) {
          problems.push(
            differs(file, `NetworkPolicy ${policy} ingress port to ${name}`, actual, String(port)),
          );
        }
        for (const from of (rule.from ?? []).flatMap((peer) => selectedNames(peer.podSelector))) {
          if (!rulePorts(rule).includes(String(port))) continue;
          reached.set(name, (reached.get(name) ?? new Set()).add(from));
        }
      }
    }
    // Out: a process's pods are reached on its port.
    for (const rule of spec.egress ?? []) {
      for (const name of (rule.to ?? []).flatMap((peer) => selectedNames(peer.podSelector))) {
        const port = portOfProcess(name);
        if (port === undefined) continue;
        for (const actual of rulePorts(rule).filter((actual) => actual !== String(port))) {
          problems.push(
            differs(file, `NetworkPolicy ${policy} egress port to ${name}`, actual, String(port)),
          );
        }
      }
    }
  }
  // The gateway's way to every service: its egress and the service's ingress.
  const gatewayEgress = new Set(
    policies
      .filter(({ object }) => selectedNames(object.spec?.podSelector).includes(GATEWAY.name))
      .flatMap(({ object }) =>
        (object.spec?.egress ?? []).flatMap((rule) =>
          (rule.to ?? []).flatMap((peer) => selectedNames(peer.podSelector)),
        ),
      ),
  );
  for (const service of SERVICE_NAMES) {
    if (!gatewayEgress.has(service))
      problems.push(`k8s/base/network-policies.yaml: no egress lets the gateway reach ${service}`);
    if (!reached.get(service)?.has(GATEWAY.name)) {
      problems.push(
        `k8s/base/network-policies.yaml: no ingress lets the gateway reach ${service} on ${serviceProcess(service).port}`,
      );
    }
  }
  const gatewayIn = policies
    .filter(({ object }) => selectedNames(object.spec?.podSelector).includes(GATEWAY.name))
    .flatMap(({ object }) => (object.spec?.ingress ?? []).flatMap(rulePorts));
  if (!gatewayIn.includes(String(GATEWAY.port))) {
    problems.push(
      `k8s/base/network-policies.yaml: no ingress lets clients reach the gateway on ${GATEWAY.port}`,
    );
  }

  // The platform: each egress policy on its port; mail to the processes that send it.
  const platform: Record<string, number> = {
    'postgres-egress': PLATFORM.postgres,
    'redis-egress': PLATFORM.redis,
    'kafka-egress': PLATFORM.kafka.broker,
    'otel-egress': PLATFORM.otelCollector,
  };
  for (const [name, port] of Object.entries(platform)) {
    const found = policies.find(({ object }) => object.metadata?.name === name);
    const ports = (found?.object.spec?.egress ?? []).flatMap(rulePorts);
    if (ports.join(',') !== String(port))
      problems.push(
        differs(
          found?.file ?? 'k8s/base/network-policies-platform.yaml',
          `NetworkPolicy ${name} ports`,
          ports.join(',') || undefined,
          String(port),
        ),
      );
  }
  const smtp = policies.find(({ object }) => object.metadata?.name === 'smtp-egress');
  const senders = sorted(APPS.filter((p) => p.mail).map((p) => p.name));
  const selected = sorted(selectedNames(smtp?.object.spec?.podSelector));
  if (selected.join(',') !== senders.join(',')) {
    problems.push(
      differs(
        smtp?.file ?? 'k8s/base/network-policies-platform.yaml',
        'NetworkPolicy smtp-egress pods',
        selected.join(',') || undefined,
        `${senders.join(',')} (the processes that send mail)`,
      ),
    );
  }
  return problems;
}
