/**
 * The rollups, each recomputed whole from the stored sessions of its bucket (never incremented),
 * under a transaction-scoped advisory lock on the bucket so two workers recomputing it in turn
 * leave the later snapshot. Parameters are bound positionally as written.
 */

/** Bytes per second of watch time at a bit rate in kbit/s. */
const BYTES_PER_KBIT = 125;

/** [filmId, day, defaultBitrateKbps]: one film's sessions started on one day. */
export const FILM_DAY_SQL = `
  with s as (select * from viewing_sessions where film_id = ? and day = ?::date),
  film as (select coalesce((select duration_seconds from films where id = ?), 0) as dur,
                  coalesce((select creator_id from films where id = ?), 0) as creator_id),
  spans as (
    select p, count(*)::int as n
      from s, film, unnest(s.watched) r,
           generate_series(greatest(0, ceil(lower(r) * 100.0 / film.dur - 0.5))::int,
                           least(99, ceil(upper(r) * 100.0 / film.dur - 0.5)::int - 1)) p
     where film.dur > 0
     group by p),
  share as (select key, jsonb_object_agg(name, n) as counts from (
      select 'countries' as key, coalesce(nullif(country, ''), 'Unknown') as name, count(*)::int as n from s group by 2
      union all select 'devices', coalesce(nullif(device_type, ''), 'Unknown'), count(*)::int from s group by 2
      union all select 'browsers', coalesce(nullif(browser, ''), 'Other'), count(*)::int from s group by 2) x
    group by key)
  insert into film_daily (film_id, day, creator_id, sessions, views, unique_viewers, watch_seconds, completions,
                          egress_bytes, retention, countries, devices, browsers, covered_seq, computed_at)
  select ?, ?::date, film.creator_id,
         (select count(*) from s)::int,
         (select count(*) from s where qualified_at is not null)::int,
         (select count(distinct viewer_key) from s where viewer_key <> '')::int,
         coalesce((select sum(total_watch_time) from s), 0),
         (select count(*) from s where completed)::int,
         coalesce((select sum(total_watch_time * (case when bitrate_kbps > 0 then bitrate_kbps else ? end) * ${BYTES_PER_KBIT}) from s), 0),
         (select array_agg(coalesce(spans.n, 0) order by g) from generate_series(0, 99) g left join spans on spans.p = g),
         coalesce((select counts from share where key = 'countries'), '{}'),
         coalesce((select counts from share where key = 'devices'), '{}'),
         coalesce((select counts from share where key = 'browsers'), '{}'),
         ?, now()
    from film
  on conflict (film_id, day) do update set
    creator_id = excluded.creator_id, sessions = excluded.sessions, views = excluded.views,
    unique_viewers = excluded.unique_viewers, watch_seconds = excluded.watch_seconds,
    completions = excluded.completions, egress_bytes = excluded.egress_bytes, retention = excluded.retention,
    countries = excluded.countries, devices = excluded.devices, browsers = excluded.browsers,
    covered_seq = greatest(film_daily.covered_seq, excluded.covered_seq), computed_at = excluded.computed_at
  returning creator_id`;

/** [creatorId, day]: the sum of the creator's film days. */
export const CREATOR_DAY_SQL = `
  insert into creator_daily (creator_id, day, sessions, views, watch_seconds, completions, computed_at)
  select ?, ?::date, coalesce(sum(sessions), 0), coalesce(sum(views), 0), coalesce(sum(watch_seconds), 0),
         coalesce(sum(completions), 0), now()
    from film_daily where creator_id = ? and day = ?::date
  on conflict (creator_id, day) do update set sessions = excluded.sessions, views = excluded.views,
    watch_seconds = excluded.watch_seconds, completions = excluded.completions, computed_at = excluded.computed_at`;

/** [day × 5]: the platform's day, from the film days, the sessions (distinct viewers) and the users read model. */
export const PLATFORM_DAY_SQL = `
  insert into platform_daily (day, new_users, sessions, views, viewers, completions, watch_seconds, egress_bytes, computed_at)
  select ?::date,
         (select count(*) from known_users where registered_at >= ?::date and registered_at < ?::date + 1),
         coalesce(sum(sessions), 0), coalesce(sum(views), 0),
         (select count(distinct viewer_key) from viewing_sessions where day = ?::date and viewer_key <> ''),
         coalesce(sum(completions), 0), coalesce(sum(watch_seconds), 0), coalesce(sum(egress_bytes), 0), now()
    from film_daily where day = ?::date
  on conflict (day) do update set new_users = excluded.new_users, sessions = excluded.sessions,
    views = excluded.views, viewers = excluded.viewers, completions = excluded.completions,
    watch_seconds = excluded.watch_seconds, egress_bytes = excluded.egress_bytes, computed_at = excluded.computed_at`;

/**
 * [filmId, day]: one film's ad events of one UTC day, per campaign and placement type. The start
 * event is the impression and carries the charge; impressions_by_charge ({"5000": 12}) keeps how
 * many impressions charged each amount, so a creator's earnings can be rounded down per impression
 * (docs/advertising.md#money) at read time, with the revenue share configured then.
 */
export const AD_DAY_SQL = `
  insert into ad_daily (day, film_id, campaign_id, placement_type, impressions, clicks, completes, skips,
                        first_quartiles, midpoints, third_quartiles, revenue_micros, impressions_by_charge, computed_at)
  select e.day, e.film_id, e.campaign_id, e.placement_type,
         count(*) filter (where kind = 'start')::int,
         count(*) filter (where kind = 'click')::int,
         count(*) filter (where kind = 'complete')::int,
         count(*) filter (where kind = 'skip')::int,
         count(*) filter (where kind = 'first_quartile')::int,
         count(*) filter (where kind = 'midpoint')::int,
         count(*) filter (where kind = 'third_quartile')::int,
         coalesce(sum(charge_micros) filter (where kind = 'start'), 0),
         coalesce((select jsonb_object_agg(c.charge, c.n) from (
                     select s.charge_micros::text as charge, count(*)::int as n from ad_events s
                      where s.film_id = e.film_id and s.day = e.day and s.campaign_id = e.campaign_id
                        and s.placement_type = e.placement_type and s.kind = 'start'
                      group by s.charge_micros) c), '{}'),
         now()
    from ad_events e where e.film_id = ? and e.day = ?::date
   group by e.day, e.film_id, e.campaign_id, e.placement_type
  on conflict (day, film_id, campaign_id, placement_type) do update set
    impressions = excluded.impressions, clicks = excluded.clicks, completes = excluded.completes,
    skips = excluded.skips, first_quartiles = excluded.first_quartiles, midpoints = excluded.midpoints,
    third_quartiles = excluded.third_quartiles, revenue_micros = excluded.revenue_micros,
    impressions_by_charge = excluded.impressions_by_charge, computed_at = excluded.computed_at`;
