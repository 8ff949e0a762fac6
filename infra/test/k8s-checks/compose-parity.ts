// Checks that k8s runs what docker-compose.yml runs: a Deployment and a ClusterIP Service for each
// service package, the gateway reaching each at <SERVICE>_UPSTREAM = <service>:<PORT> with the
// ports compose gives them, compose's workers (worker.js of their package, its image, no Service),
// and the Kafka topics created by the script compose's kafka-init runs. Pure functions of parsed
// objects and docker-compose.yml, each returning the problems it finds.
import { GATEWAY, upstreamVar, type ServiceName } from '../../topology';
import { composeEnv, composeWorkers } from '../manifests/compose';
import { servicePackages, sorted } from '../manifests/files';
import {
  byKind,
  containerEnvNames,
  deploymentsByRole,
  envValue,
  named,
  nameOf,
  podOf,
} from '../manifests/k8s';
import type { ComposeFile, K8sObject } from '../manifests/shapes';
import { Problems } from '../problems';

/** A Deployment (component api) and a ClusterIP Service for each service package; one gateway. */
export function checkDeploysPackages(objects: K8sObject[]): string[] {
  const problems = new Problems();
  const { services, gateway } = deploymentsByRole(objects);
  problems.equal(sorted(services.map(nameOf)), servicePackages, 'the services (Deployments, component api)');
  problems.equal(gateway.map(nameOf), [GATEWAY.name], 'the gateway Deployments (component gateway)');
  for (const name of servicePackages) {
    const service = named(objects, 'Service', name);
    if (!service) problems.add(`no Service ${name}`);
    else problems.equal(service.spec?.type ?? 'ClusterIP', 'ClusterIP', `Service ${name} type`);
  }
  return problems.list;
}

/** The gateway's <SERVICE>_UPSTREAM and MEDIA_ROOT; each service's PORT, its Service's port and compose's alike. */
export function checkUpstreams(objects: K8sObject[], compose: ComposeFile): string[] {
  const problems = new Problems();
  const gateway = named(objects, 'Deployment', GATEWAY.name);
  if (!gateway) return [`no ${GATEWAY.name} Deployment`];
  const [container] = podOf(gateway).containers;
  for (const name of servicePackages) {
    const deployment = named(objects, 'Deployment', name);
    const port = deployment && envValue(podOf(deployment).containers[0], 'PORT');
    const service = named(objects, 'Service', name);
    problems.equal(String(service?.spec?.ports?.[0]?.port), port, `Service ${name} port is PORT`);
    problems.equal(port, composeEnv(compose.services[name] ?? {}).PORT, `${name} port matches compose`);
    problems.equal(
      envValue(container, upstreamVar(name as ServiceName)),
      `${name}:${port}`,
      `gateway -> ${name}`,
    );
  }
  problems.equal(envValue(container, 'MEDIA_ROOT'), '/media', 'gateway MEDIA_ROOT');
  return problems.list;
}

/** The workers compose runs: worker.js of their service package, from its image, no Service. */
export function checkWorkers(objects: K8sObject[], compose: ComposeFile): string[] {
  const problems = new Problems();
  const { workers } = deploymentsByRole(objects);
  problems.equal(
    sorted(workers.map(nameOf)),
    sorted(composeWorkers(compose).map(([name]) => name)),
    'workers match compose',
  );
  for (const worker of workers) {
    const pkg = nameOf(worker).replace(/-worker$/, '');
    const [container] = podOf(worker).containers;
    problems.match(
      [...(container.command ?? []), ...(container.args ?? [])].join(' '),
      /dist\/src\/worker\.js/,
      `${nameOf(worker)}: command and args`,
    );
    const service = named(objects, 'Deployment', pkg);
    if (!service) problems.add(`${nameOf(worker)}: no Deployment ${pkg}`);
    else
      problems.equal(
        container.image,
        podOf(service).containers[0].image,
        `${nameOf(worker)}: image of ${pkg}`,
      );
    problems.ok(
      !byKind(objects, 'Service').some((s) => nameOf(s) === nameOf(worker)),
      `${nameOf(worker)}: workers have no Service`,
    );
  }
  return problems.list;
}

/** The script of a `node -e <script>` command, or undefined. */
const scriptOf = (command: string[] | undefined): string | undefined =>
  command && command[0] === 'node' && command[1] === '-e' ? command[2].trim() : undefined;

/** compose's kafka-init script: it creates @kinora/proto's EVENT_TOPICS. */
export function checkComposeTopicsScript(compose: ComposeFile): string[] {
  const problems = new Problems();
  const script = scriptOf(compose.services['kafka-init']?.command as string[] | undefined);
  if (script === undefined) return ['compose kafka-init: runs node -e'];
  const expect = problems.matcher(script, 'compose kafka-init');
  expect(/require\('@kinora\/proto'\)/, "requires '@kinora/proto'");
  expect(/EVENT_TOPICS/, 'creates EVENT_TOPICS');
  expect(/createTopics/, 'calls createTopics');
  return problems.list;
}

/** The kafka-topics Job runs compose's kafka-init script from the catalog image, given what it reads. */
export function checkTopicsJob(objects: K8sObject[], compose: ComposeFile): string[] {
  const problems = new Problems();
  const composeScript = scriptOf(compose.services['kafka-init']?.command as string[] | undefined);
  const job = named(objects, 'Job', 'kafka-topics');
  if (!job) return ['no kafka-topics Job'];
  const [container] = podOf(job).containers;
  const script = scriptOf(container.command);
  problems.ok(script !== undefined, 'Job kafka-topics: runs node -e');
  problems.equal(script, composeScript, "the Job's script differs from compose's");
  const catalog = named(objects, 'Deployment', 'catalog');
  problems.equal(
    container.image,
    catalog && podOf(catalog).containers[0].image,
    'Job uses the catalog image',
  );
  // Given exactly what the script reads: the NetworkPolicies open a pod to the addresses it gets.
  problems.equal(
    sorted(containerEnvNames(container, objects)),
    sorted([...(composeScript ?? '').matchAll(/\benv\.(\w+)/g)].map(([, name]) => name)),
    'Job: env is not the variables its script reads',
  );
  return problems.list;
}
