/**
 * A member's writes under a fault: one signed-in member reviews a few films over and over, each
 * review numbered, one write per film at a time (posting again replaces the member's review).
 *
 * Nothing answered 201 may be lost: each film's stored review is the member's latest accepted one
 * or a later one (a write that was refused may still have been committed), and always one the
 * member sent.
 */
import pg from 'pg';

import { call, Paced, Tally, until, withDatabase, type LoadOutcome } from './drill';

const WRITE_EVERY_MS = 1_000;
const SETTLE_TIMEOUT_MS = 30_000;

interface Slot {
  filmId: number;
  seq: number;
  maxAccepted: number;
}

export interface ReviewLoadOptions {
  gateway: string;
  /** The social service's database: the stored reviews are read there. */
  socialDatabaseUrl: string;
  /** The member's session cookie and user id. */
  member: { cookie: string; userId: string };
  filmIds: number[];
}

export class ReviewLoad {
  readonly tally = new Tally();
  private readonly slots: Slot[];
  private readonly label = `Fault drill ${Date.now().toString(36)}`;
  private readonly paced = new Paced();

  constructor(private readonly options: ReviewLoadOptions) {
    this.slots = options.filmIds.map((filmId) => ({ filmId, seq: 0, maxAccepted: 0 }));
  }

  start(): Promise<void> {
    this.paced.start(this.slots.length, WRITE_EVERY_MS, (slot) => this.write(this.slots[slot]!));
    return Promise.resolve();
  }

  stop(): Promise<void> {
    return this.paced.stop();
  }

  private async write(slot: Slot): Promise<void> {
    slot.seq += 1;
    const seq = slot.seq;
    const answer = await call(
      `${this.options.gateway}/api/films/${slot.filmId}/reviews`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: this.options.gateway,
          cookie: this.options.member.cookie,
        },
        body: JSON.stringify({ rating: 1 + (seq % 10), review: `${this.label} #${seq}` }),
      },
      [201],
    );
    this.tally.count('POST /api/films/{id}/reviews', answer);
    if (answer.verdict === 'accepted') slot.maxAccepted = Math.max(slot.maxAccepted, seq);
  }

  settle(): Promise<LoadOutcome> {
    return withDatabase(this.options.socialDatabaseUrl, async (client) => {
      const stored = await until(async () => {
        const value = await this.read(client);
        return { done: this.slots.every((slot) => (value.get(slot.filmId) ?? 0) >= slot.maxAccepted), value };
      }, SETTLE_TIMEOUT_MS);
      const accepted = this.slots.filter((slot) => slot.maxAccepted > 0);
      const lost = accepted.filter((slot) => (stored.get(slot.filmId) ?? 0) < slot.maxAccepted).length;
      const duplicated = this.slots.filter((slot) => (stored.get(slot.filmId) ?? 0) > slot.seq).length;
      return {
        what: `reviews (${this.slots.length} films, the latest accepted kept)`,
        ...this.tally.counts,
        inRollups: accepted.length - lost,
        lost,
        duplicated,
        problems: [],
      };
    });
  }

  /** The number of each film's stored review by this load (0: none of its reviews is stored). */
  private async read(client: pg.Client): Promise<Map<number, number>> {
    const { rows } = await client.query<{ film_id: number; review: string }>(
      'select film_id, review from reviews where user_id = $1 and film_id = any($2::int[])',
      [this.options.member.userId, this.slots.map((slot) => slot.filmId)],
    );
    const prefix = `${this.label} #`;
    return new Map(
      rows.map((row) => [
        row.film_id,
        row.review.startsWith(prefix) ? Number(row.review.slice(prefix.length)) : 0,
      ]),
    );
  }
}
