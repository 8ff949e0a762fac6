// The processes the deployment files must run, as infra/topology.ts states them, looked up by the
// name a compose service or a k8s Deployment has; and the few facts that are the deployments' own.
import {
  APPS,
  COMMON_ENV,
  PROCESSES,
  WORKERS,
  processNamed,
  requiredEnvOf,
  type MediaAccess,
  type ProcessName,
} from '../../topology';

/** Compose and k8s turn tracing on for every service and worker (the topology leaves it optional). */
export const TRACING_ENV = 'OTEL_EXPORTER_OTLP_ENDPOINT';

/**
 * The variables compose and k8s give a service's or worker's process: what the topology says it
 * needs, and tracing (the common ones only, for a name the topology does not know).
 */
export function deployedEnvOf(name: string): string[] {
  const app = APPS.find((p) => p.name === name);
  return [...(app ? requiredEnvOf(app) : COMMON_ENV), TRACING_ENV];
}

/** What a process does with the media volume ('none' for a name the topology does not know). */
export function mediaAccessOf(name: string): MediaAccess {
  const p = processNamed(name);
  return p && 'media' in p ? p.media : 'none';
}
const withMedia = (access: MediaAccess): string[] =>
  PROCESSES.filter((p) => mediaAccessOf(p.name) === access).map((p) => p.name);
/** Mount the media volume read-write: auth (avatars), catalog and its worker (films, posters). */
export const MEDIA_WRITERS = withMedia('write');
/** Mount it read-only: the gateway (it serves /media/), ads (it lists the rendered creatives). */
export const MEDIA_READERS = withMedia('read');

/** Film sources and uploads (the catalog image puts SOURCE_ROOT and UPLOAD_ROOT under /studio). */
export const STUDIO_USERS = APPS.filter((p) => p.studio).map((p) => p.name);

/** The BullMQ workers: the media pipeline and the rollups. */
export const WORKER_NAMES = WORKERS.map((p) => p.name);

/** The process that keeps the gateway's identity marks (gateway/identity-marks.ts), beside every gateway. */
export const IDENTITY_MARKS = 'identity-marks' satisfies ProcessName;
export const IDENTITY_MARKS_DOCKERFILE = 'gateway/identity-marks.Dockerfile';
