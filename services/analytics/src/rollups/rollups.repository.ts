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

/** The figures of a film's day, each the sum of its shards'. */
const FILM_DAY_FIGURES = [
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
] as const;

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
   * The shards of a film's day marked dirty by the batches committed since its last recompute, the
   * marks taken (deleted) in this transaction.
   */
  async takeDirtyShards(filmId: number, day: string): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('film_day_dirty')
      .where('film_id', '=', filmId)
      .where('day', '=', day)
      .returning('shard')
      .execute();
    return [...new Set(rows.map((row) => row.shard))];
  }

  /**
   * Recomputes some shards of one film's day from their sessions: counts, watch time, bytes streamed
   * (at the default bit rate where the player sent none), retention over 100 points of the film, and
   * the countries, devices and browsers. A shard left without sessions is removed.
   */
  async recomputeShards(filmId: number, day: string, shards: number[], defaultBitrateKbps: number) {
    if (shards.length === 0) return;
    const inShards = sql`film_id = ${filmId} and day = ${day}::date and shard = any(${shards}::smallint[])`;
    await sql`delete from film_day_shards where ${inShards}`.execute(this.db);
    const breakdown = (key: string, column: string, fallback: string) =>
      sql`select shard, ${key}::text as key, coalesce(nullif(${sql.ref(column)}, ''), ${fallback}) as name,
            count(*)::int as n
          from s group by shard, 3`;
    const counts = (key: string) =>
      sql`coalesce((select counts from share where share.shard = f.shard and share.key = ${key}), '{}')`;
    await sql`
      with s as (select * from viewing_sessions where ${inShards}),
      film as (select coalesce((select duration_seconds from films where id = ${filmId}), 0) as dur),
      points as (
        select s.shard, greatest(0, ceil(lower(r) * 100.0 / film.dur - 0.5))::int as first,
          least(99, ceil(upper(r) * 100.0 / film.dur - 0.5)::int - 1) as last
        from s, film, unnest(s.watched) as r
        where film.dur > 0),
      -- Each watched range adds one at its first point and takes it back after its last: a
      -- point's retention is the running sum of these steps (two rows a range, not one a point).
      steps as (
        select shard, p, sum(d)::int as d
        from points, lateral (values (first, 1), (last + 1, -1)) as step(p, d)
        where first <= last
        group by shard, p),
      share as (
        select shard, key, jsonb_object_agg(name, n) as counts
        from (${breakdown('countries', 'country', 'Unknown')}
              union all ${breakdown('devices', 'device_type', 'Unknown')}
              union all ${breakdown('browsers', 'browser', 'Other')}) as x
        group by shard, key),
      f as (
        select shard,
          count(*)::int as sessions,
          (count(*) filter (where qualified_at is not null))::int as views,
          (count(distinct viewer_key) filter (where viewer_key <> ''))::int as unique_viewers,
          coalesce(sum(total_watch_time), 0) as watch_seconds,
          (count(*) filter (where completed))::int as completions,
          coalesce(sum(total_watch_time * (case when bitrate_kbps > 0 then bitrate_kbps else ${defaultBitrateKbps} end)
                       * ${sql.lit(BYTES_PER_KBIT)}), 0) as egress_bytes
        from s group by shard)
      insert into film_day_shards (film_id, day, shard, sessions, views, unique_viewers, watch_seconds,
        completions, egress_bytes, retention, countries, devices, browsers)
      select ${filmId}, ${day}::date, f.shard, f.sessions, f.views, f.unique_viewers, f.watch_seconds,
        f.completions, f.egress_bytes,
        (select array_agg(n order by g) from (
           select g, (sum(coalesce(steps.d, 0)) over (order by g))::int as n
           from generate_series(0, 99) as g left join steps on steps.shard = f.shard and steps.p = g) as running),
        ${counts('countries')}, ${counts('devices')}, ${counts('browsers')}
      from f`.execute(this.db);
  }

  /**
   * One film's day as the sum of its shards, stamped with the last event sequence it covers.
   * Returns the film's creator.
   */
  sumFilmDay(filmId: number, day: string, coveredSeq: string | number) {
    const ofDay = sql`film_id = ${filmId} and day = ${day}::date`;
    const mergedCounts = (column: 'countries' | 'devices' | 'browsers') =>
      sql<Record<string, number>>`coalesce((select jsonb_object_agg(key, n) from (
        select e.key, sum(e.value::int)::int as n
        from film_day_shards, jsonb_each_text(${sql.ref(column)}) as e
        where ${ofDay} group by e.key) as merged), '{}')`;
    return this.db
      .insertInto('film_daily')
      .columns([...FILM_DAY_FIGURES, 'film_id', 'day', 'creator_id', 'covered_seq', 'computed_at'])
      .expression((eb) =>
        eb
          .selectFrom('film_day_shards')
          .select((eb) => [
            sumOrZero(eb.fn.sum<number>('sessions')).as('sessions'),
            sumOrZero(eb.fn.sum<number>('views')).as('views'),
            sumOrZero(eb.fn.sum<number>('unique_viewers')).as('unique_viewers'),
            sumOrZero(eb.fn.sum<number>('watch_seconds')).as('watch_seconds'),
            sumOrZero(eb.fn.sum<number>('completions')).as('completions'),
            sumOrZero(eb.fn.sum<number>('egress_bytes')).as('egress_bytes'),
            sql<number[]>`(select array_agg(coalesce(n, 0) order by g)
              from generate_series(1, 100) as g left join (
                select i, sum(point)::int as n
                from film_day_shards, unnest(retention) with ordinality as r(point, i)
                where ${ofDay} group by i) as points on points.i = g)`.as('retention'),
            mergedCounts('countries').as('countries'),
            mergedCounts('devices').as('devices'),
            mergedCounts('browsers').as('browsers'),
            sql<number>`${filmId}`.as('film_id'),
            sql<string>`${day}::date`.as('day'),
            sql<number>`coalesce((select creator_id from films where id = ${filmId}), 0)`.as('creator_id'),
            sql<string>`${String(coveredSeq)}::bigint`.as('covered_seq'),
            sql<string>`now()`.as('computed_at'),
          ])
          .where('film_id', '=', filmId)
          .where('day', '=', day),
      )
      .onConflict((conflict) =>
        conflict.columns(['film_id', 'day']).doUpdateSet((eb) => ({
          ...takeExcluded(eb, ['creator_id', ...FILM_DAY_FIGURES]),
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
