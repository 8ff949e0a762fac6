import { InjectQueryDb, lockForTransaction, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Expression } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** Bytes per second of watch time at a bit rate in kbit/s. */
const BYTES_PER_KBIT = 125;

/** A sum that is 0 over no rows. */
const sumOrZero = <T>(sum: Expression<T | null>) => sql<T>`coalesce(${sum}, 0)`;

/** count(*) as an int4 (PostgreSQL counts in int8, which comes back as text). */
const countInt = sql<number>`count(*)::int`;

/** The figures recomputed for a platform day. */
const PLATFORM_DAY_FIGURES = [
  'new_users',
  'sessions',
  'views',
  'viewers',
  'completions',
  'watch_seconds',
  'egress_bytes',
  'computed_at',
] as const;

/**
 * The rollups, each recomputed whole from the stored rows of its bucket (never incremented), under
 * a transaction-scoped advisory lock on the bucket so two workers recomputing it in turn leave the
 * later snapshot. Every method runs inside the caller's transaction.
 */
@Injectable()
export class RollupsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  lockFilmDay(filmId: number, day: string): Promise<void> {
    return lockForTransaction<DB>(this.db, 'analytics.film-day', `${filmId}:${day}`);
  }

  lockCreatorDay(creatorId: number, day: string): Promise<void> {
    return lockForTransaction<DB>(this.db, 'analytics.creator-day', `${creatorId}:${day}`);
  }

  lockPlatformDay(day: string): Promise<void> {
    return lockForTransaction<DB>(this.db, 'analytics.platform-day', day);
  }

  /** The last event sequence the film's day covered (its rollup) and the last one stored. */
  filmDayCoverage(filmId: number, day: string) {
    return this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('film_daily')
          .select('covered_seq')
          .where('film_id', '=', filmId)
          .where('day', '=', day)
          .as('before'),
        eb
          .selectFrom('session_events')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('film_id', '=', filmId)
          .where('day', '=', day)
          .as('after'),
      ])
      .executeTakeFirstOrThrow();
  }

  /**
   * One film's sessions started on one day: counts, watch time, bytes streamed (at the default bit
   * rate where the player sent none), retention over 100 points of the film, and the countries,
   * devices and browsers. Returns the film's creator.
   */
  recomputeFilmDay(filmId: number, day: string, defaultBitrateKbps: number, coveredSeq: string | number) {
    const name = (column: 'country' | 'device_type' | 'browser', fallback: string) =>
      sql<string>`coalesce(nullif(${sql.ref(column)}, ''), ${sql.lit(fallback)})`;
    return this.db
      .with('s', (db) =>
        db.selectFrom('viewing_sessions').selectAll().where('film_id', '=', filmId).where('day', '=', day),
      )
      .with('film', (db) =>
        db.selectNoFrom((eb) => [
          eb.fn
            .coalesce(eb.selectFrom('films').select('duration_seconds').where('id', '=', filmId), eb.lit(0))
            .as('dur'),
          eb.fn
            .coalesce(eb.selectFrom('films').select('creator_id').where('id', '=', filmId), eb.lit(0))
            .as('creator_id'),
        ]),
      )
      .with('spans', (db) =>
        db
          .selectFrom([
            's',
            'film',
            sql<{ r: string }>`unnest(s.watched)`.as('r'),
            sql<{ p: number }>`generate_series(greatest(0, ceil(lower(r) * 100.0 / film.dur - 0.5))::int,
                                               least(99, ceil(upper(r) * 100.0 / film.dur - 0.5)::int - 1))`.as(
              'p',
            ),
          ])
          .select(['p.p', countInt.as('n')])
          .where('film.dur', '>', 0)
          .groupBy('p.p'),
      )
      .with('share', (db) => {
        /** One breakdown of the day's sessions: its key, and each name (or the fallback) with its count. */
        const breakdown = (key: string, column: 'country' | 'device_type' | 'browser', fallback: string) =>
          db
            .selectFrom('s')
            .select([sql.lit(key).as('key'), name(column, fallback).as('name'), countInt.as('n')])
            .groupBy(name(column, fallback));
        return db
          .selectFrom(
            breakdown('countries', 'country', 'Unknown')
              .unionAll(breakdown('devices', 'device_type', 'Unknown'))
              .unionAll(breakdown('browsers', 'browser', 'Other'))
              .as('x'),
          )
          .select(['x.key', sql<Record<string, number>>`jsonb_object_agg(x.name, x.n)`.as('counts')])
          .groupBy('x.key');
      })
      .insertInto('film_daily')
      .values((eb) => {
        const counts = (key: string) =>
          eb.fn.coalesce(
            eb.selectFrom('share').select('counts').where('key', '=', sql.lit(key)),
            sql<Record<string, number>>`'{}'`,
          );
        return {
          film_id: filmId,
          day,
          creator_id: eb.selectFrom('film').select('creator_id'),
          sessions: eb.selectFrom('s').select(countInt.as('n')),
          views: eb.selectFrom('s').select(countInt.as('n')).where('qualified_at', 'is not', null),
          unique_viewers: eb
            .selectFrom('s')
            .select(sql<number>`count(distinct viewer_key)::int`.as('n'))
            .where('viewer_key', '<>', ''),
          watch_seconds: eb.fn.coalesce(
            eb.selectFrom('s').select((eb) => eb.fn.sum<number>('total_watch_time').as('sum')),
            eb.lit(0),
          ),
          completions: eb.selectFrom('s').select(countInt.as('n')).where('completed', '=', true),
          egress_bytes: eb.fn.coalesce(
            eb
              .selectFrom('s')
              .select(
                sql<number>`sum(total_watch_time * (case when bitrate_kbps > 0 then bitrate_kbps else ${defaultBitrateKbps} end) * ${sql.lit(BYTES_PER_KBIT)})`.as(
                  'sum',
                ),
              ),
            eb.lit(0),
          ),
          retention: eb
            .selectFrom(sql<{ g: number }>`generate_series(0, 99)`.as('g'))
            .leftJoin('spans', 'spans.p', 'g.g')
            .select(sql<number[]>`array_agg(coalesce(spans.n, 0) order by g.g)`.as('retention')),
          countries: counts('countries'),
          devices: counts('devices'),
          browsers: counts('browsers'),
          covered_seq: coveredSeq,
          computed_at: sql<string>`now()`,
        };
      })
      .onConflict((conflict) =>
        conflict.columns(['film_id', 'day']).doUpdateSet((eb) => ({
          ...takeExcluded(eb, [
            'creator_id',
            'sessions',
            'views',
            'unique_viewers',
            'watch_seconds',
            'completions',
            'egress_bytes',
            'retention',
            'countries',
            'devices',
            'browsers',
          ]),
          covered_seq: eb.fn<string>('greatest', ['film_daily.covered_seq', 'excluded.covered_seq']),
          computed_at: eb.ref('excluded.computed_at'),
        })),
      )
      .returning('creator_id')
      .executeTakeFirstOrThrow();
  }

  /** How long the writes of a film's day in (after, upTo] waited since the API accepted them, by lag. */
  lagsOf(filmId: number, day: string, after: string | number, upTo: string | number) {
    const lag = sql<number>`round(extract(epoch from clock_timestamp() - received_at)::numeric, 2)::float8`;
    return this.db
      .selectFrom('session_events')
      .select([lag.as('lag'), countInt.as('n')])
      .where('film_id', '=', filmId)
      .where('day', '=', day)
      .where('seq', '>', String(after))
      .where('seq', '<=', String(upTo))
      .groupBy(lag)
      .execute();
  }

  /** A creator's day: the sum of the creator's film days. */
  async recomputeCreatorDay(creatorId: number, day: string): Promise<void> {
    await this.db
      .insertInto('creator_daily')
      .columns(['creator_id', 'day', 'sessions', 'views', 'watch_seconds', 'completions', 'computed_at'])
      .expression((eb) =>
        eb
          .selectFrom('film_daily')
          .select((eb) => [
            sql<number>`${creatorId}`.as('creator_id'),
            sql<string>`${day}::date`.as('day'),
            sumOrZero(eb.fn.sum<number>('sessions')).as('sessions'),
            sumOrZero(eb.fn.sum<number>('views')).as('views'),
            sumOrZero(eb.fn.sum<number>('watch_seconds')).as('watch_seconds'),
            sumOrZero(eb.fn.sum<number>('completions')).as('completions'),
            sql<string>`now()`.as('computed_at'),
          ])
          .where('creator_id', '=', creatorId)
          .where('day', '=', day),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['creator_id', 'day'])
          .doUpdateSet((eb) =>
            takeExcluded(eb, ['sessions', 'views', 'watch_seconds', 'completions', 'computed_at']),
          ),
      )
      .execute();
  }

  /** The platform's day, from the film days, the sessions (distinct viewers) and the users read model. */
  async recomputePlatformDay(day: string): Promise<void> {
    await this.db
      .insertInto('platform_daily')
      .columns(['day', ...PLATFORM_DAY_FIGURES])
      .expression((eb) =>
        eb
          .selectFrom('film_daily')
          .select((eb) => [
            sql<string>`${day}::date`.as('day'),
            eb
              .selectFrom('known_users')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('registered_at', '>=', sql<string>`${day}::date`)
              .where('registered_at', '<', sql<string>`${day}::date + 1`)
              .as('new_users'),
            sumOrZero(eb.fn.sum<number>('sessions')).as('sessions'),
            sumOrZero(eb.fn.sum<number>('views')).as('views'),
            eb
              .selectFrom('viewing_sessions')
              .select(sql<string>`count(distinct viewer_key)`.as('n'))
              .where('day', '=', sql<string>`${day}::date`)
              .where('viewer_key', '<>', '')
              .as('viewers'),
            sumOrZero(eb.fn.sum<number>('completions')).as('completions'),
            sumOrZero(eb.fn.sum<number>('watch_seconds')).as('watch_seconds'),
            sumOrZero(eb.fn.sum<number>('egress_bytes')).as('egress_bytes'),
            sql<string>`now()`.as('computed_at'),
          ])
          .where('day', '=', sql<string>`${day}::date`),
      )
      .onConflict((conflict) =>
        conflict.column('day').doUpdateSet((eb) => takeExcluded(eb, PLATFORM_DAY_FIGURES)),
      )
      .execute();
  }
}
