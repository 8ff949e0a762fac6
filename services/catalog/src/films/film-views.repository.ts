import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** A qualified viewing session of a film, as its event (analytics.view-qualified.v1) gives it. */
export interface QualifiedView {
  filmId: number;
  /** `user:<id>` for a member, `session:<session id>` for a visitor. */
  viewerKey: string;
  viewedAt: Date;
  /** A UUID in any form PostgreSQL reads (view-qualified.consumer.ts checks it). */
  sessionId: string;
}

/**
 * The qualified views of films (film_views, which Trending ranks by) and the count each film keeps
 * of them (films.view_count).
 */
@Injectable()
export class FilmViewsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Records the views of existing films and adds each one recorded to its film's view_count, in one
   * statement whatever the number of views, so they count all together or not at all. A session
   * counts once: already recorded (by an earlier batch, or this one delivered again), it changes
   * nothing; more than once among `views`, its first view of an existing film counts, as when the
   * views are recorded one at a time in their order (which the rows' ids keep too).
   *
   * Both tables' change triggers fire (catalog_changed, public-reads.migration.ts), so the public
   * read caches are emptied.
   */
  async addViews(views: readonly QualifiedView[]): Promise<void> {
    const batch = JSON.stringify(
      views.map((view, n) => ({
        n,
        film_id: view.filmId,
        viewer_key: view.viewerKey,
        viewed_at: view.viewedAt,
        session_id: view.sessionId,
      })),
    );
    await sql`with firsts as (
        select distinct on (v.session_id) v.n, v.film_id, v.viewer_key, v.viewed_at, v.session_id
          from json_to_recordset(${batch}::json)
            as v(n integer, film_id integer, viewer_key text, viewed_at timestamptz, session_id uuid)
          join films on films.id = v.film_id
          order by v.session_id, v.n
      ), added as (
        insert into film_views (film_id, viewer_key, viewed_at, session_id)
          select film_id, viewer_key, viewed_at, session_id from firsts order by n
          on conflict (session_id) do nothing
          returning film_id
      )
      update films set view_count = films.view_count + added.views
        from (select film_id, count(*)::integer as views from added group by film_id) as added
        where films.id = added.film_id`.execute(this.db);
  }
}
