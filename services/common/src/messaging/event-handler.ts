import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The `@Ctx()` of an `@EventPattern` handler: the transaction that also records the event as
 * processed, and where the event came from. An interface, not a class: the app's global
 * ValidationPipe also sees event handlers' parameters and would try to validate a class instance.
 */
export interface EventContext {
  /** Write the handler's changes here: they commit together with the ledger row, or not at all. */
  em: EntityManager;
  eventId: string;
  occurredAt: Date;
  producer: string;
  topic: string;
  partition: number;
  offset: string;
}

/**
 * The extras of every `@EventPattern(topicOf(Schema), { ledgerKey })`. The ledger key names the
 * handler in processed_events and dead_letters: each handler applies an event at most once under
 * its key, so the key must never change once events were applied under it (a new key re-applies
 * every event still on the topic). By convention it is the handler class's name.
 */
export interface EventHandlerExtras {
  ledgerKey: string;
}
