import { Migration } from '@mikro-orm/migrations';

/**
 * The moderator's reason when a film is rejected (archived), from admin.film-reviewed.v1: the
 * creator sees it in their studio. `if not exists`: the studio's own migration may add it too.
 */
export class ModerationReason20261123010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "films" add column if not exists "moderation_reason" text null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "films" drop column if exists "moderation_reason";');
  }
}
