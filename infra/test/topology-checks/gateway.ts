// The gateway's files against infra/topology.ts: gateway/Dockerfile's defaults (an upstream per
// service, its port) and gateway/nginx.conf.template's upstream blocks.
import {
  GATEWAY,
  SERVICE_NAMES,
  UPSTREAM_VARS,
  upstreamAddress,
  upstreamVar,
  type ServiceName,
} from '../../topology';
import { dockerfileEnv, dockerfileExposes, nginxUpstreams } from '../manifests/files';
import { differs, TOPOLOGY } from './shared';

export function gatewayDockerfileProblems(text: string): string[] {
  const file = 'gateway/Dockerfile';
  const env = dockerfileEnv(text);
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const name = upstreamVar(service);
    if (env[name] !== upstreamAddress(service))
      problems.push(differs(file, `ENV ${name}`, env[name], upstreamAddress(service)));
  }
  for (const name of Object.keys(env).filter(
    (name) => name.endsWith('_UPSTREAM') && !UPSTREAM_VARS.includes(name as never),
  )) {
    problems.push(`${file}: ENV ${name} names no service of ${TOPOLOGY}`);
  }
  if (env.LISTEN_PORT !== String(GATEWAY.port))
    problems.push(differs(file, 'ENV LISTEN_PORT', env.LISTEN_PORT, String(GATEWAY.port)));
  const exposed = dockerfileExposes(text);
  if (exposed.join(' ') !== String(GATEWAY.port))
    problems.push(differs(file, 'EXPOSE', exposed.join(' ') || undefined, String(GATEWAY.port)));
  return problems;
}

export function nginxTemplateProblems(text: string): string[] {
  const file = 'gateway/nginx.conf.template';
  const upstreams = nginxUpstreams(text);
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const expected = `\${${upstreamVar(service)}}`;
    if (upstreams.get(service) !== expected)
      problems.push(differs(file, `upstream ${service}'s server`, upstreams.get(service), expected));
  }
  for (const name of [...upstreams.keys()].filter((name) => !SERVICE_NAMES.includes(name as ServiceName))) {
    problems.push(`${file}: upstream ${name} is no service of ${TOPOLOGY}`);
  }
  return problems;
}
