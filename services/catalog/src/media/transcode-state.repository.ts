import { sql } from 'kysely';
import type { Db } from '../db';

/** The database's clock, for updated_at. */
export const now = sql<string>`now()`;

/**
 * A media table's transcode state (queued → processing → ready or failed), as catalog-worker's jobs
 * move it along: film_media (a row per film) and creative_media (a row per creative) alike.
 */
export abstract class TranscodeStateRepository {
  protected constructor(
    protected readonly db: Db,
    private readonly table: 'film_media' | 'creative_media',
    /** The column `id` names a row by: the film's id, or the creative's own. */
    private readonly key: 'film_id' | 'id',
  ) {}

  /** A transcode begins: processing, one more attempt, progress 0 (the caller says what it returns). */
  protected startProcessing(id: number) {
    return this.row(id).set((eb) => ({
      status: 'processing',
      attempts: eb('attempts', '+', 1),
      progress: 0,
      updated_at: now,
    }));
  }

  /** The running transcode's progress (ignored once it is no longer processing). */
  async reportProgress(id: number, percent: number): Promise<void> {
    await this.row(id)
      .set({ progress: percent, updated_at: now })
      .where('status', '=', 'processing')
      .execute();
  }

  /** A transcode interrupted by shutdown: queued again, its attempt given back. */
  async handBack(id: number): Promise<void> {
    await this.row(id)
      .set((eb) => ({
        status: 'queued',
        attempts: eb.fn<number>('greatest', [eb('attempts', '-', 1), eb.lit(0)]),
        updated_at: now,
      }))
      .execute();
  }

  /** A failed attempt: queued for the retry, or failed on the last one, with its reason. */
  async recordFailure(id: number, status: 'queued' | 'failed', reason: string): Promise<void> {
    await this.row(id).set({ status, failure_reason: reason, updated_at: now }).execute();
  }

  /** BullMQ gave up on the transcode: failed unless ready, keeping an earlier reason. */
  async failUnlessReady(id: number, reason: string): Promise<void> {
    await this.row(id)
      .set((eb) => ({
        status: 'failed',
        failure_reason: eb.fn.coalesce('failure_reason', eb.val(reason)),
        updated_at: now,
      }))
      .where('status', '<>', 'ready')
      .execute();
  }

  private row(id: number) {
    return this.db.updateTable(this.table).where(this.key, '=', id);
  }
}
