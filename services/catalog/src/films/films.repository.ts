import type { Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { DB } from '../database.gen';
import type { FilmStatus } from './film.entity';
import type { StoredAiDisclosure } from './film.mapper';

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
