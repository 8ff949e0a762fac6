import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboxService } from '@kinora/common';
import { MemberTieChangedSchema, type MemberTieKind } from '@kinora/proto';

/** A member's tie as it is after a change (see MemberTieChanged in proto/kinora/social/v1/events.proto). */
export interface MemberTie {
  userId: string;
  kind: MemberTieKind;
  /** The film's id (rating, like, watchlist, favorite), the creator's or the critic's. */
  targetId: number;
  /** A rating: 1–10, or 0 once the review is deleted. Any other tie: 1 while it holds, 0 once undone. */
  value: number;
}

/**
 * Records social.member-tie-changed.v1 through `em`, inside the transaction that changed the tie:
 * the one place that decides what the event carries (reviews, likes, lists, follows of creators
 * and of critics, and the demo seed through them). Call it only for a real change, after the write:
 * changed_at is taken then, so a change that waited for another's lock on the same row is later
 * than it (the transaction's now() is not: it is when the transaction began). Keyed by the member,
 * so their changes keep their order.
 */
export function recordMemberTie(em: EntityManager, outbox: OutboxService, tie: MemberTie): void {
  outbox.add(
    em,
    MemberTieChangedSchema,
    {
      userId: tie.userId,
      kind: tie.kind,
      targetId: BigInt(tie.targetId),
      value: tie.value,
      changedAt: timestampFromDate(new Date()),
    },
    tie.userId,
  );
}
