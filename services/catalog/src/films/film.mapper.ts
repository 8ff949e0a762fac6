import { filmFacts, type AiDisclosureDto } from '@kinora/common';
import { POSTER_VARIANT_TYPE, posterVariants } from '../media/poster-variants';
import { FilmDto, type PosterSourceDto } from './dto/film.dto';
import type { FilmRecord } from './film-queries';

export { FilmDto };

/** films.ai_disclosure as stored (the DTO's shape). */
export interface StoredAiDisclosure {
  tools?: string[];
  parts?: string[];
  realLikeness?: boolean;
  likenessConsent?: boolean;
  notes?: string | null;
}

export function mapAiDisclosure(stored: StoredAiDisclosure | null): AiDisclosureDto | null {
  if (!stored) return null;
  return {
    tools: stored.tools ?? [],
    parts: stored.parts ?? [],
    realLikeness: stored.realLikeness ?? false,
    likenessConsent: stored.likenessConsent ?? false,
    notes: stored.notes ?? null,
  };
}

/** "YYYY-MM-DD HH:MM:SS+00" */
const UTC_TEXT_LENGTH = 22;
const DASH = 45;
const SPACE = 32;
const DOT = 46;

/**
 * A timestamptz as PostgreSQL writes it to the ISO form of `Date.toISOString()`:
 * "2026-11-24 12:19:47.533123+00" becomes "2026-11-24T12:19:47.533Z" (milliseconds truncated, as
 * Date does). Text in UTC (a session whose TimeZone is UTC, PostgreSQL's usual default) is
 * rewritten directly, about 20 times faster than parsing a Date, which was most of the cost of
 * mapping a film; any other text goes through Date.
 */
export function isoTimestamp(text: string | Date): string {
  if (
    typeof text === 'string' &&
    text.length >= UTC_TEXT_LENGTH &&
    text.charCodeAt(4) === DASH &&
    text.charCodeAt(10) === SPACE &&
    text.endsWith('+00') &&
    (text.length === UTC_TEXT_LENGTH || text.charCodeAt(19) === DOT)
  ) {
    const fraction = text.slice(20, -3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${(fraction + '000').slice(0, 3)}Z`;
  }
  return new Date(text).toISOString();
}

/**
 * The poster's WebP variants as the API lists them: the files the media pipeline wrote beside the
 * poster (`poster-<width>.webp` in its directory), narrowest first. None without a poster.
 */
export function mapPosterSources(
  posterUrl: string | null,
  widths: readonly number[] | null,
): PosterSourceDto[] {
  if (!posterUrl || !widths || widths.length === 0) return [];
  const directory = posterUrl.slice(0, posterUrl.lastIndexOf('/') + 1);
  return posterVariants([...widths].sort((a, b) => a - b)).map((variant) => ({
    url: directory + variant.file,
    width: variant.width,
    height: variant.height,
    type: POSTER_VARIANT_TYPE,
  }));
}

export function mapFilm(row: FilmRecord): FilmDto {
  return {
    id: row.id,
    ...filmFacts(row),
    rating: Number(row.rating).toFixed(1),
    reviewCount: row.rating_count,
    viewCount: row.view_count,
    posterUrl: row.poster_url,
    posterSources: mapPosterSources(row.poster_url, row.poster_webp_widths),
    videoUrl: row.video_url,
    isFeatured: row.is_featured,
    status: row.status,
    createdAt: isoTimestamp(row.created_at),
    publishedAt: row.published_at ? isoTimestamp(row.published_at) : null,
    creator: {
      id: row.c_id,
      userId: row.c_user_id,
      bio: row.c_bio,
      isVerified: row.c_is_verified,
      followerCount: row.c_follower_count,
      user: {
        firstName: row.u_first_name,
        lastName: row.u_last_name,
        profileImageUrl: row.u_profile_image_url,
      },
    },
    aiDisclosure: mapAiDisclosure(row.ai_disclosure),
    captions: row.captions ?? [],
  };
}
