import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { OutboxService } from '@kinora/common';
import { WatchHistoryClearedSchema } from '@kinora/proto';
import type { AnalyticsExportDto } from './dto/history-export.dto';
import type { WatchHistoryEntryDto } from './dto/watch-history.dto';
import { WatchHistoryRepository } from './watch-history.repository';

/** A member's watch history: their viewing sessions since they last cleared it, one entry per film. */
@Injectable()
export class WatchHistoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly history: WatchHistoryRepository,
  ) {}

  async list(userId: string, limit: number, offset: number): Promise<WatchHistoryEntryDto[]> {
    const rows = await this.history.entries(userId, limit, offset);
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

  /** Every viewing session of the member, for their data archive. */
  async export(userId: string): Promise<AnalyticsExportDto> {
    const rows = await this.history.sessionsOf(userId);
    return {
      viewingHistory: rows.map((row) => ({
        sessionId: row.session_id,
        filmId: row.film_id,
        filmTitle: row.title || null,
        startedAt: new Date(row.started_at).toISOString(),
        lastUpdatedAt: new Date(row.client_updated_at).toISOString(),
        positionSeconds: Number(row.end_position),
        watchTime: Number(row.total_watch_time),
        completed: row.completed,
        deviceType: row.device_type,
        browser: row.browser,
        os: row.os,
        country: row.country,
      })),
    };
  }

  /** Hides everything watched until now; social empties Continue Watching from the event. */
  async clear(userId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const clearedAt = await this.history.clear(userId);
      this.outbox.add(
        em,
        WatchHistoryClearedSchema,
        { userId, clearedAt: timestampFromDate(new Date(clearedAt)) },
        userId,
      );
    });
  }
}
