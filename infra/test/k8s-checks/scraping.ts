// Checks of how Prometheus finds the metrics: the prometheus.io annotations sit on exactly the pods
// that serve /metrics, on a port they declare; the Prometheus Operator's ServiceMonitors and
// PodMonitors (k8s/components/monitoring, staging only) are shaped as the Operator reads them, select
// existing Services or pods by label and a named port, and cover each scraped pod once. (That the
// NetworkPolicies let Prometheus in on that port: network.ts.) Pure functions of parsed objects.
import { byKind, componentOf, matchesLabels, nameOf, podLabels } from '../manifests/k8s';
import type { K8sObject, MonitorEndpoint } from '../manifests/shapes';
import { Problems } from '../problems';
import { OPERATOR_API } from './rendered';

type Labels = Record<string, string>;
const scrapeAnnotations = (o: K8sObject): Labels => o.spec?.template?.metadata?.annotations ?? {};
const isScraped = (o: K8sObject) => scrapeAnnotations(o)['prometheus.io/scrape'] === 'true';
const isOperatorObject = (o: K8sObject) => o.apiVersion.startsWith('monitoring.coreos.com/');

/** The Deployment a Service routes to (its selector is a plain label map), in its namespace. */
function serviceTarget(service: K8sObject, objects: K8sObject[]): K8sObject | undefined {
  const selector = service.spec?.selector as Record<string, string> | undefined;
  return byKind(objects, 'Deployment').find(
    (d) => d.metadata.namespace === service.metadata.namespace && matchesLabels(selector, podLabels(d)),
  );
}

/** Every service and worker process serves /metrics (MetricsController), on its PORT; nginx has no exporter. */
export function checkScrapeAnnotations(objects: K8sObject[]): string[] {
  const problems = new Problems();
  for (const deployment of byKind(objects, 'Deployment')) {
    const where = nameOf(deployment);
    const annotations = scrapeAnnotations(deployment);
    const serves = ['api', 'worker'].includes(componentOf(deployment) ?? '');
    problems.equal(isScraped(deployment), serves, `${where}: prometheus.io/scrape is "true"`);
    if (!serves) {
      problems.ok(
        !Object.keys(annotations).some((key) => key.startsWith('prometheus.io/')),
        `${where}: serves no /metrics, so no prometheus.io annotations`,
      );
      continue;
    }
    problems.equal(annotations['prometheus.io/path'], '/metrics', `${where}: prometheus.io/path`);
    const [container] = deployment.spec?.template?.spec.containers ?? [];
    const port = container.ports?.find((p) => String(p.containerPort) === annotations['prometheus.io/port']);
    if (!port) {
      problems.add(`${where}: prometheus.io/port ${annotations['prometheus.io/port']} is no container port`);
      continue;
    }
    problems.equal(
      container.env?.find((v) => v.name === 'PORT')?.value,
      String(port.containerPort),
      `${where}: the scraped port is the PORT the process listens on`,
    );
    problems.equal(port.name, 'http', `${where}: the metrics port is named http (the monitors use it)`);
  }
  return problems.list;
}

/** No Operator objects in base (clusters without its CRDs apply it); staging has them. */
export function checkOperatorObjectsPlacement(base: K8sObject[], staging: K8sObject[]): string[] {
  const problems = new Problems();
  problems.equal(
    base.filter(isOperatorObject).map((o) => o.kind),
    [],
    'k8s/base: Prometheus Operator objects',
  );
  problems.ok(
    staging.some((o) => o.apiVersion === OPERATOR_API),
    'staging: includes no ServiceMonitor/PodMonitor (k8s/components/monitoring)',
  );
  return problems.list;
}

const SPEC_KEYS: Record<string, string[]> = {
  ServiceMonitor: [
    'selector',
    'endpoints',
    'namespaceSelector',
    'jobLabel',
    'targetLabels',
    'podTargetLabels',
  ],
  PodMonitor: ['selector', 'podMetricsEndpoints', 'namespaceSelector', 'jobLabel', 'podTargetLabels'],
};
const ENDPOINT_KEYS = ['port', 'path', 'interval', 'scrapeTimeout', 'scheme', 'honorLabels', 'relabelings'];

/** Every monitor: known fields only, a non-empty matchLabels selector, endpoints that name their port. */
export function checkMonitorShapes(objects: K8sObject[]): string[] {
  const problems = new Problems();
  for (const monitor of objects.filter(isOperatorObject)) {
    const where = `${monitor.kind}/${nameOf(monitor)}`;
    problems.equal(monitor.apiVersion, OPERATOR_API, `${where}: apiVersion`);
    if (!problems.ok(monitor.kind in SPEC_KEYS, `${where}: kind not checked here`)) continue;
    problems.equal(
      Object.keys(monitor.spec ?? {}).filter((key) => !SPEC_KEYS[monitor.kind].includes(key)),
      [],
      `${where}: unknown spec fields`,
    );
    problems.ok(!monitor.spec?.selector?.matchExpressions, `${where}: matchExpressions are not checked here`);
    problems.ok(
      Object.keys(monitor.spec?.selector?.matchLabels ?? {}).length > 0,
      `${where}: selector.matchLabels is empty (it would select everything)`,
    );
    const endpoints = monitor.spec?.endpoints ?? monitor.spec?.podMetricsEndpoints ?? [];
    problems.ok(endpoints.length > 0, `${where}: no endpoints`);
    for (const endpoint of endpoints) {
      problems.equal(
        Object.keys(endpoint).filter((key) => !ENDPOINT_KEYS.includes(key)),
        [],
        `${where}: unknown endpoint fields`,
      );
      problems.equal(typeof endpoint.port, 'string', `${where}: endpoints name their port`);
    }
  }
  return problems.list;
}

/** The objects of a kind in a monitor's namespace whose labels (`labelsOf`) its matchLabels pick. */
const selectedBy = (
  monitor: K8sObject,
  objects: K8sObject[],
  kind: string,
  labelsOf: (o: K8sObject) => Labels,
) =>
  byKind(objects, kind).filter(
    (o) =>
      o.metadata.namespace === monitor.metadata.namespace &&
      matchesLabels(monitor.spec?.selector?.matchLabels, labelsOf(o)),
  );
const containerPorts = (deployment: K8sObject) =>
  deployment.spec?.template?.spec.containers.flatMap((c) => c.ports ?? []) ?? [];

/** An endpoint reaches the Deployment's metrics port (else `portProblem`), at its metrics path. */
function endpointProblems(
  problems: Problems,
  { where, endpoint, deployment, containerPort }: EndpointTarget,
  portProblem: string,
): void {
  problems.equal(String(containerPort), scrapeAnnotations(deployment)['prometheus.io/port'], portProblem);
  problems.equal(endpoint.path, scrapeAnnotations(deployment)['prometheus.io/path'], `${where}: path`);
}
interface EndpointTarget {
  /** The monitor and what it reaches through the endpoint. */
  where: string;
  endpoint: MonitorEndpoint;
  deployment: K8sObject;
  /** The container port the endpoint reaches. */
  containerPort?: number;
}

/** Each ServiceMonitor selects existing Services by label, on a named port reaching the metrics port. */
export function checkServiceMonitors(objects: K8sObject[]): string[] {
  const problems = new Problems();
  for (const monitor of byKind(objects, 'ServiceMonitor')) {
    const where = `ServiceMonitor/${nameOf(monitor)}`;
    const services = selectedBy(monitor, objects, 'Service', (s) => s.metadata.labels ?? {});
    problems.ok(services.length > 0, `${where}: selects no Service`);
    for (const service of services) {
      const deployment = serviceTarget(service, objects);
      if (!deployment) {
        problems.add(`${where}: Service ${nameOf(service)} routes to no Deployment`);
        continue;
      }
      for (const endpoint of monitor.spec?.endpoints ?? []) {
        const port = service.spec?.ports?.find((p) => p.name === endpoint.port);
        if (!port) {
          problems.add(`${where}: Service ${nameOf(service)} has no port named ${endpoint.port}`);
          continue;
        }
        const target = port.targetPort ?? port.port;
        const containerPort = containerPorts(deployment).find(
          (p) => p.name === target || p.containerPort === target,
        )?.containerPort;
        const reached = {
          where: `${where}: Service ${nameOf(service)}`,
          endpoint,
          deployment,
          containerPort,
        };
        const portProblem = `${reached.where} port ${endpoint.port} reaches another port than the metrics port`;
        endpointProblems(problems, reached, portProblem);
      }
    }
  }
  return problems.list;
}

/** Each PodMonitor selects existing pods by label, on a named container port that is the metrics port. */
export function checkPodMonitors(objects: K8sObject[]): string[] {
  const problems = new Problems();
  for (const monitor of byKind(objects, 'PodMonitor')) {
    const where = `PodMonitor/${nameOf(monitor)}`;
    const deployments = selectedBy(monitor, objects, 'Deployment', podLabels);
    problems.ok(deployments.length > 0, `${where}: selects no pods`);
    for (const deployment of deployments) {
      for (const endpoint of monitor.spec?.podMetricsEndpoints ?? []) {
        const port = containerPorts(deployment).find((p) => p.name === endpoint.port);
        if (!port) {
          problems.add(`${where}: ${nameOf(deployment)} has no container port named ${endpoint.port}`);
          continue;
        }
        const reached = {
          where: `${where}: ${nameOf(deployment)}`,
          endpoint,
          deployment,
          containerPort: port.containerPort,
        };
        endpointProblems(problems, reached, `${reached.where} port ${endpoint.port} is not the metrics port`);
      }
    }
  }
  return problems.list;
}

/** Every scraped pod is covered by exactly one monitor, and no other pod by any. */
export function checkMonitorCoverage(objects: K8sObject[]): string[] {
  const problems = new Problems();
  for (const deployment of byKind(objects, 'Deployment')) {
    const by = [
      ...byKind(objects, 'ServiceMonitor')
        .filter((m) =>
          byKind(objects, 'Service').some(
            (s) =>
              matchesLabels(m.spec?.selector?.matchLabels, s.metadata.labels) &&
              serviceTarget(s, objects) === deployment,
          ),
        )
        .map((m) => `ServiceMonitor/${nameOf(m)}`),
      ...byKind(objects, 'PodMonitor')
        .filter((m) => matchesLabels(m.spec?.selector?.matchLabels, podLabels(deployment)))
        .map((m) => `PodMonitor/${nameOf(m)}`),
    ];
    problems.equal(
      by.length,
      isScraped(deployment) ? 1 : 0,
      `${nameOf(deployment)}: scraped by ${by.join(', ') || 'no monitor'}; monitors`,
    );
  }
  return problems.list;
}
