import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface EventContext {
  /** The transaction that also records the event as processed: write the handler's changes here. */
  em: EntityManager;
  eventId: string;
  occurredAt: Date;
  producer: string;
  topic: string;
  partition: number;
  offset: string;
}

/**
 * One class per event family a service reacts to (`user-registered.handler.ts`). The consumer
 * applies each event at most once per handler: the ledger row and the handler's writes commit together.
 */
export interface EventHandler<S extends DescMessage = DescMessage> {
  readonly schema: S;
  handle(event: MessageShape<S>, context: EventContext): Promise<void>;
}

export const EVENT_HANDLERS = Symbol('KINORA_EVENT_HANDLERS');
