import { InjectQueryDb } from '@kinora/common';
import type { MediaStatus } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';
import { now, TranscodeStateRepository } from '../media/transcode-state.repository';

/**
 * creative_media: advertising creatives made from admins' uploads and their transcode's state
 * (queued → processing → ready or failed), as the upload API creates them and catalog-worker's
 * creative jobs move them along.
 */
@Injectable()
export class CreativeMediaRepository extends TranscodeStateRepository {
  constructor(@InjectQueryDb() db: Db) {
    super(db, 'creative_media', 'id');
  }

  /** A new creative (queued), its source path not known yet: its id. */
  async insert(label: string, createdBy: string): Promise<number> {
    const created = await this.db
      .insertInto('creative_media')
      .values({ label, source_path: '', created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  async setSourcePath(id: number, sourcePath: string): Promise<void> {
    await this.db
      .updateTable('creative_media')
      .set({ source_path: sourcePath })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('creative_media').where('id', '=', id).execute();
  }

  find(id: number) {
    return this.db
      .selectFrom('creative_media')
      .select((eb) => [
        'id',
        'label',
        eb.ref('status').$castTo<MediaStatus>().as('status'),
        'progress',
        'failure_reason',
        'duration_seconds',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A transcode begins: processing, one more attempt, progress 0. Its label, or undefined without a row. */
  async markProcessing(id: number): Promise<string | undefined> {
    const marked = await this.startProcessing(id).returning('label').executeTakeFirst();
    return marked?.label;
  }

  /** Transcoded: ready with its length (seconds, to the millisecond). */
  async markReady(id: number, durationSeconds: string): Promise<void> {
    await this.db
      .updateTable('creative_media')
      .set({
        status: 'ready',
        progress: 100,
        failure_reason: null,
        duration_seconds: durationSeconds,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }
}
