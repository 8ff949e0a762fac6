import { Migration } from '@mikro-orm/migrations';

/**
 * Views are qualified viewing sessions (analytics.view-qualified.v1), one per session: the session id
 * makes a repeated event a no-op. Rows counted from Play presses before this keep a null session id.
 */
export class QualifiedViews20261124200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "film_views" add column "session_id" uuid null;');
    this.addSql('create unique index "film_views_session_idx" on "film_views" ("session_id");');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "film_views" drop column if exists "session_id";');
  }
}
