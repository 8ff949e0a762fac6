/** The navigation bar turns glassy after scrolling this many pixels. */
export const NAV_GLASS_SCROLL_THRESHOLD_PX = 20;

/** Sign-out navigates this long after its toast, so the toast is seen (docs/ui.md). */
export const LOGOUT_REDIRECT_DELAY_MS = 500;

/** The sign-in code has exactly this many characters (docs/accounts.md). */
export const VERIFICATION_CODE_LENGTH = 6;

/**
 * Waitlist page: after the headline animates in, three blocks fade in after about 2 s,
 * then 0.5 s later, then 0.6 s after that.
 */
export const WAITLIST_REVEAL_DELAYS_MS = [2000, 2500, 3100] as const;

/** The footer's business registration (ABN) and copyright lines. */
export const COMPANY_ABN = 'ABN 12 345 678 901';
export const COPYRIGHT_YEAR = 2024;

/** Home carousels scroll by 300 px, a creator's film scroller by 200 px. */
export const CAROUSEL_SCROLL_STEP_PX = 300;
export const CREATOR_FILMS_SCROLL_STEP_PX = 200;

/** Fetch limits and list sizes (docs/ui.md). */
export const BROWSE_FETCH_LIMIT = 50;
export const BROWSE_SKELETON_COUNT = 12;
export const CREATORS_FETCH_LIMIT = 20;
export const CREATOR_PLACEHOLDER_COUNT = 8;
export const RELATED_FILMS_REQUESTED = 6;
export const RELATED_FILMS_SHOWN = 4;
export const TRENDING_LIMIT = 8;
export const HOME_ROW_LIMIT = 12;
/** Discover Creators pads each creator's film scroller with 'Upcoming Project' tiles up to this many. */
export const CREATOR_FILM_SLOTS = 5;

/** Achievement thresholds: '1K+ Followers' and 'Prolific Creator' (docs/catalog.md). */
export const FOLLOWERS_BADGE_THRESHOLD = 1000;
export const PROLIFIC_FILMS_THRESHOLD = 5;

/** A creator bio holds at most this many characters (the server refuses more). */
export const CREATOR_BIO_MAX_LENGTH = 500;

/** Player: controls hide after 3 s, seek step 10 s, volume step 0.1. */
export const PLAYER_CONTROLS_HIDE_MS = 3000;
export const PLAYER_SEEK_STEP_S = 10;
export const PLAYER_VOLUME_STEP = 0.1;

/** Genre filter options (after 'All Genres'); the server accepts any genre text. */
export const GENRE_OPTIONS = [
  'Thriller',
  'Sci-Fi',
  'Romance',
  'Horror',
  'Drama',
  'Comedy',
  'Action',
  'Documentary',
  'Animation',
  'Mystery',
  'Fantasy',
] as const;

/** Language filter options (after 'All Languages'). */
export const LANGUAGE_OPTIONS = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Mandarin',
  'Japanese',
  'Korean',
  'Hindi',
  'Arabic',
] as const;

/** Home genre rows, in order. */
export const HOME_GENRE_ROWS = [
  'Drama',
  'Comedy',
  'Thriller',
  'Sci-Fi',
  'Romance',
  'Horror',
  'Family',
  'Documentary',
] as const;

/** Browse sort options; featured is the default. */
export const FILM_SORTS = ['featured', 'newest', 'popular', 'rating'] as const;
export type FilmSort = (typeof FILM_SORTS)[number];
export const DEFAULT_FILM_SORT: FilmSort = 'featured';
