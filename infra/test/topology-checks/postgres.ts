// infra/compose/postgres-init.sql against infra/topology.ts: one database a service, no other.
import { SERVICE_NAMES, databaseOf } from '../../topology';
import { sorted } from '../manifests/files';
import { TOPOLOGY } from './shared';

export function postgresInitProblems(text: string): string[] {
  const file = 'infra/compose/postgres-init.sql';
  const created = sorted([...text.matchAll(/CREATE DATABASE\s+"?(\w+)"?/gi)].map((match) => match[1]));
  const expected = sorted(SERVICE_NAMES.map((service) => databaseOf(service)));
  return [
    ...expected
      .filter((name) => !created.includes(name))
      .map((name) => `${file} does not create ${name}, ${TOPOLOGY}'s database`),
    ...created
      .filter((name) => !expected.includes(name))
      .map((name) => `${file} creates ${name}, no service's database in ${TOPOLOGY}`),
  ];
}
