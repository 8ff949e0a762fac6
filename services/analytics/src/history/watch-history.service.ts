import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { OutboxService } from '@kinora/common';
import { WatchHistoryClearedSchema } from '@kinora/proto';
import type { WatchHistoryEntryDto } from './dto/watch-history.dto';

interface HistoryRow {
  film_id: number;
  title: string | null;
  poster_url: string | null;
  genre: string | null;
  duration_seconds: number | null;
  watched_at: Date;
  position: number;
  watch_time: number;
  sessions: number;
  completed: boolean;
}

/** A member's watch history: their viewing sessions since they last cleared it, one entry per film. */
@Injectable()
export class WatchHistoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
  ) {}

  async list(userId: string, limit: number, offset: number): Promise<WatchHistoryEntryDto[]> {
    const rows = await this.em.fork().execute<HistoryRow[]>(
      `select s.film_id, f.title, f.poster_url, f.genre, f.duration_seconds,
              max(s.client_updated_at) as watched_at,
              (array_agg(s.end_position order by s.client_updated_at desc))[1] as position,
              sum(s.total_watch_time) as watch_time, count(*)::int as sessions, bool_or(s.completed) as completed
         from viewing_sessions s
         left join films f on f.id = s.film_id
         left join history_clears h on h.user_id = s.user_id
        where s.user_id = ? and (h.cleared_at is null or s.last_received_at > h.cleared_at)
          and not coalesce(f.deleted, false)
        group by s.film_id, f.title, f.poster_url, f.genre, f.duration_seconds
        order by watched_at desc, s.film_id desc
        limit ? offset ?`,
      [userId, limit, offset],
    );
    return rows.map((row) => ({
      filmId: row.film_id,
      title: row.title || null,
      posterUrl: row.poster_url,
      genre: row.genre || null,
      durationSeconds: Number(row.duration_seconds ?? 0),
      watchedAt: new Date(row.watched_at).toISOString(),
      positionSeconds: Number(row.position),
      watchTime: Number(row.watch_time),
      sessions: row.sessions,
      completed: row.completed,
    }));
  }

  /** Hides everything watched until now; social empties Continue Watching from the event. */
  async clear(userId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const [row] = await em.execute<{ cleared_at: Date }[]>(
        `insert into history_clears (user_id, cleared_at) values (?, now())
         on conflict (user_id) do update set cleared_at = excluded.cleared_at returning cleared_at`,
        [userId],
      );
      this.outbox.add(
        em,
        WatchHistoryClearedSchema,
        { userId, clearedAt: timestampFromDate(new Date(row!.cleared_at)) },
        userId,
      );
    });
  }
}
