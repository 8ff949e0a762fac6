import { getOption, hasOption, type DescMessage } from '@bufbuild/protobuf';
import { ALL_FILES } from './gen';
import { topic } from './gen/kinora/options/v1/options_pb';

/** Every message declared as an event family (carries the `kinora.options.v1.topic` option). */
export const EVENT_SCHEMAS: readonly DescMessage[] = ALL_FILES.flatMap((file) => file.messages).filter(
  (message) => hasOption(message, topic),
);

/** The Kafka topic of an event family, as its .proto declares it. */
export function topicOf(schema: DescMessage): string {
  if (!hasOption(schema, topic)) {
    throw new Error(`${schema.typeName} is not an event: it has no (kinora.options.v1.topic) option`);
  }
  return getOption(schema, topic);
}

/** Every topic the infra creates up front. */
export const EVENT_TOPICS: readonly string[] = EVENT_SCHEMAS.map(topicOf);

const byTopic = new Map(EVENT_SCHEMAS.map((schema) => [topicOf(schema), schema]));

export function schemaForTopic(name: string): DescMessage | undefined {
  return byTopic.get(name);
}

for (const schema of EVENT_SCHEMAS) {
  const first = schema.fields.find((field) => field.number === 1);
  if (first?.name !== 'envelope' || first.message?.typeName !== 'kinora.common.v1.Envelope') {
    throw new Error(`${schema.typeName}: field 1 must be "kinora.common.v1.Envelope envelope"`);
  }
}
