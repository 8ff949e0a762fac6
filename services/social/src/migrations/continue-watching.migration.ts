import { Migration } from '@mikro-orm/migrations';

/**
 * Continue Watching kept from analytics' viewing progress (analytics.watch-progress-changed.v1 and
 * analytics.watch-history-cleared.v1).
 *
 * - list_entries gain the film's length as analytics probed it and when the progress was watched;
 *   continue_watching is read most recently watched first.
 * - watch_progress_marks: the newest watched_at applied per member and film. It outlives the entry
 *   (a finished film leaves the list), so a late or replayed older event never brings it back.
 * - watch_history_clears: when each member last cleared their watch history. Progress watched up
 *   to then is dropped, for films social never had an entry for too; marks up to then can go.
 * - list_entries.film_id no longer references films: progress may arrive before catalog's film
 *   event (another topic), or for a film social never hears of. Every list read joins the films
 *   read model and shows published films only; watchlist and favorites check the film on add.
 */
export class ContinueWatching20261124001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "list_entries"
        add column "duration_seconds" double precision null check ("duration_seconds" > 0),
        add column "progress_at" timestamptz null,
        drop constraint if exists "list_entries_film_id_fkey";`);
    this.addSql(`
      create index "list_entries_continue_watching_idx" on "list_entries" ("user_id", "progress_at" desc, "id" desc)
        where "list_type" = 'continue_watching';`);
    this.addSql(`
      create table "watch_progress_marks" (
        "user_id" text not null,
        "film_id" integer not null,
        "watched_at" timestamptz not null,
        primary key ("user_id", "film_id")
      );`);
    this.addSql(`
      create table "watch_history_clears" (
        "user_id" text primary key,
        "cleared_at" timestamptz not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "watch_history_clears";');
    this.addSql('drop table if exists "watch_progress_marks";');
    this.addSql('drop index if exists "list_entries_continue_watching_idx";');
    this.addSql(`
      alter table "list_entries"
        drop column if exists "progress_at",
        drop column if exists "duration_seconds",
        add constraint "list_entries_film_id_fkey" foreign key ("film_id") references "films" ("id") not valid;`);
  }
}
