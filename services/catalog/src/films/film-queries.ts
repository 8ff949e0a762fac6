import type { Identity } from '@kinora/common';
import type { FilmSort } from '@kinora/contracts';
import { sql, type Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { DB } from '../database.gen';
import type { FilmStatus } from './film.entity';
import type { StoredAiDisclosure } from './film.mapper';

// The shapes of the catalog's film queries, built on by FilmsRepository and StudioRepository.

/**
 * A film as every read shows it (mapFilm's input): the film, its creator, the creator's user and
 * its caption tracks. What mapFilm reads and nothing more: every column costs parsing on each row
 * of each read. Extend it with joins, conditions and further columns; pass `db.prepared` for the
 * hot public reads.
 */
export function filmSelect(db: Kysely<DB>) {
  return db
    .selectFrom('films as f')
    .innerJoin('creators as c', 'c.id', 'f.creator_id')
    .leftJoin('known_users as u', 'u.id', 'c.user_id')
    .select((eb) => [
      'f.id',
      'f.title',
      'f.description',
      'f.genre',
      'f.language',
      'f.duration_minutes',
      'f.release_year',
      'f.rating',
      'f.rating_count',
      'f.view_count',
      'f.poster_url',
      'f.poster_webp_widths',
      'f.video_url',
      'f.is_featured',
      eb.ref('f.status').$castTo<FilmStatus>().as('status'),
      'f.created_at',
      'f.published_at',
      'c.id as c_id',
      'c.user_id as c_user_id',
      'c.bio as c_bio',
      'c.is_verified as c_is_verified',
      'c.follower_count as c_follower_count',
      'u.first_name as u_first_name',
      'u.last_name as u_last_name',
      'u.profile_image_url as u_profile_image_url',
      eb.ref('f.ai_disclosure').$castTo<StoredAiDisclosure | null>().as('ai_disclosure'),
      eb
        .selectFrom('film_captions as fc')
        .whereRef('fc.film_id', '=', 'f.id')
        .select((caption) =>
          caption.fn
            .jsonAgg(
              jsonBuildObject({ language: caption.ref('fc.language'), label: caption.ref('fc.label') }),
            )
            .orderBy('fc.language')
            .as('captions'),
        )
        .as('captions'),
    ]);
}

/** One row of filmSelect. */
export type FilmRecord = Awaited<ReturnType<ReturnType<typeof filmSelect>['executeTakeFirstOrThrow']>>;

export type FilmQuery = ReturnType<typeof filmSelect>;

/** Genre and language of a list or a search, either matched whatever its case. */
export interface FilmFilter {
  genre?: string;
  language?: string;
}

/**
 * The films anyone may see: published, by a creator who is not suspended (a suspension takes the
 * creator's films out of every public read and leaves them untouched otherwise).
 */
export function publiclyVisible(query: FilmQuery): FilmQuery {
  return query.where('f.status', '=', 'published').where('c.suspended_at', 'is', null);
}

/** The public sees public films; a creator also their own (suspended or not); admins everything. */
export function visibleTo(query: FilmQuery, viewer: Identity | null): FilmQuery {
  if (viewer?.roles.includes('admin')) return query;
  if (viewer) {
    return query.where((eb) =>
      eb.or([
        eb.and([eb('f.status', '=', 'published'), eb('c.suspended_at', 'is', null)]),
        eb('c.user_id', '=', viewer.userId),
      ]),
    );
  }
  return publiclyVisible(query);
}

export function filtered(query: FilmQuery, { genre, language }: FilmFilter): FilmQuery {
  return query
    .$if(genre !== undefined && genre !== '', (q) =>
      q.where((eb) => eb(eb.fn('lower', ['f.genre']), '=', eb.fn('lower', [eb.val(genre)]))),
    )
    .$if(language !== undefined && language !== '', (q) =>
      q.where((eb) => eb(eb.fn('lower', ['f.language']), '=', eb.fn('lower', [eb.val(language)]))),
    );
}

/** Each sort's order; the film id last, so pages never overlap. */
export function sorted(query: FilmQuery, sort: FilmSort): FilmQuery {
  switch (sort) {
    case 'featured':
      return query
        .orderBy('f.is_featured', 'desc')
        .orderBy((eb) => eb.fn.coalesce('f.published_at', 'f.created_at'), 'desc')
        .orderBy('f.id', 'desc');
    case 'newest':
      return query
        .orderBy((eb) => eb.fn.coalesce('f.published_at', 'f.created_at'), 'desc')
        .orderBy('f.id', 'desc');
    case 'popular':
      return query.orderBy('f.view_count', 'desc').orderBy('f.id', 'desc');
    case 'rating':
      return query.orderBy('f.rating', 'desc').orderBy('f.rating_count', 'desc').orderBy('f.id', 'desc');
  }
}

/** A film as catalog.film-status-changed.v1 carries it (filmStatusEvent). */
export function filmEventSelect(db: Kysely<DB>) {
  return db
    .selectFrom('films as f')
    .innerJoin('creators as c', 'c.id', 'f.creator_id')
    .leftJoin('film_media as m', 'm.film_id', 'f.id')
    .select((eb) => [
      'f.id',
      eb.ref('f.status').$castTo<FilmStatus>().as('status'),
      'f.title',
      'f.description',
      'f.genre',
      'f.language',
      'f.release_year',
      'f.duration_minutes',
      'f.poster_url',
      'f.video_url',
      'f.creator_id',
      'c.user_id',
      'f.created_at',
      eb.ref('f.ai_disclosure').$castTo<StoredAiDisclosure | null>().as('ai_disclosure'),
      // The probed length (null until transcoded).
      'm.duration_seconds',
      // The renditions' bytes: their mean bit rates over the film's length (null until transcoded).
      sql<
        string | null
      >`(select round(sum(coalesce((r->>'averageBandwidth')::numeric, (r->>'bandwidth')::numeric)) * ${eb.ref('m.duration_seconds')} / 8)
         from jsonb_array_elements(${eb.ref('m.renditions')}) r)`.as('media_bytes'),
    ]);
}

export type FilmEventRecord = Awaited<
  ReturnType<ReturnType<typeof filmEventSelect>['executeTakeFirstOrThrow']>
>;
