import type { AnalyticsRangeDays, Genre } from '@kinora/contracts';

/** The navigation bar turns glassy after scrolling this many pixels. */
export const NAV_GLASS_SCROLL_THRESHOLD_PX = 20;

/** Sign-out navigates this long after its toast, so the toast is seen (docs/ui.md). */
export const LOGOUT_REDIRECT_DELAY_MS = 500;

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

/**
 * List sizes the screens choose (docs/ui.md). The lists' default page sizes (browse 50, creators
 * 20, trending 8) are the contract's, in @kinora/contracts.
 */
export const BROWSE_SKELETON_COUNT = 12;
export const CREATOR_PLACEHOLDER_COUNT = 8;
export const RELATED_FILMS_REQUESTED = 6;
export const RELATED_FILMS_SHOWN = 4;
export const HOME_ROW_LIMIT = 12;
/** Reviews on the film page are fetched this many at a time ('Show more' fetches the next page). */
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_SKELETON_COUNT = 3;
/**
 * A review's effect on the film's rating reaches catalog by an event, so the film is fetched again
 * once this long after the review changes (docs/community.md, reviews and ratings).
 */
export const FILM_RATING_REFRESH_DELAY_MS = 2000;
/** Follower counts reach catalog by an event too: creators are fetched again this long after a follow. */
export const FOLLOWER_COUNT_REFRESH_DELAY_MS = 2000;
/** Discover Creators pads each creator's film scroller with 'Upcoming Project' tiles up to this many. */
export const CREATOR_FILM_SLOTS = 5;

/** Achievement thresholds: '1K+ Followers' and 'Prolific Creator' (docs/catalog.md). */
export const FOLLOWERS_BADGE_THRESHOLD = 1000;
export const PROLIFIC_FILMS_THRESHOLD = 5;

/** Player: controls hide after 3 s, seek step 10 s, volume step 0.1. */
export const PLAYER_CONTROLS_HIDE_MS = 3000;
export const PLAYER_SEEK_STEP_S = 10;
export const PLAYER_VOLUME_STEP = 0.1;
/** Ad breaks (docs/playback-and-media.md): Skip Ad becomes available this long after the ad started. */
export const AD_SKIP_AFTER_MS = 5000;
/**
 * A break whose ad has not started playing this long after it began (placements, selection and
 * loading included) is given up: the film resumes.
 */
export const AD_START_TIMEOUT_MS = 10_000;

/** Home genre rows, in order (genres and languages themselves are @kinora/contracts'). */
export const HOME_GENRE_ROWS = [
  'Drama',
  'Comedy',
  'Thriller',
  'Sci-Fi',
  'Romance',
  'Horror',
  'Family',
  'Documentary',
] as const satisfies readonly Genre[];

/** Profile: Continue Watching shows 4 films, My List 10 (watchlist and favorites combined). */
export const CONTINUE_WATCHING_SHOWN = 4;
export const MY_LIST_SHOWN = 10;
/** A film of unknown length fills the Continue Watching bar at this many seconds. */
export const CONTINUE_WATCHING_FULL_BAR_S = 1800;
/**
 * A closed player's last progress reaches Continue Watching by events (analytics, then social), so
 * the list (and the film page's Resume) is fetched again this long after the player closes.
 */
export const CONTINUE_WATCHING_REFRESH_DELAY_MS = 2000;
/** Watch history: the first page of GET /api/analytics/history shows this many skeleton rows. */
export const WATCH_HISTORY_SKELETON_COUNT = 4;
/** Signed-out visitors of /profile and /history are sent to sign in this long after the toast. */
export const SIGNED_OUT_REDIRECT_MS = 500;
/** The plans as the subscription card shows them. */
export const PREMIUM_PLAN_PRICE = '$12.99/month';
export const FREE_PLAN_PRICE = '$0/month';
/** A refreshed current user carries counts that reach auth by an event, hence a short wait. */
export const USER_COUNTS_REFRESH_DELAY_MS = 2000;

/** Non-admins on /admin are sent to / this long after the 'Unauthorized' toast. */
export const ADMIN_REDIRECT_DELAY_MS = 1000;
/** Admin Overview lists the first 5 pending uploads (the Content tab pages by the contract's default). */
export const ADMIN_OVERVIEW_PENDING_COUNT = 5;
/**
 * The admin dashboard's period: users, films and views grow over 30 days and top performers are
 * the 30 days' (docs/analytics-and-money.md, dashboards).
 */
export const ADMIN_ANALYTICS_DAYS: AnalyticsRangeDays = 30;
/** Top films and top creators on the admin Analytics tab; monthly costs on the Revenue tab. */
export const ADMIN_TOP_PERFORMERS_SHOWN = 5;
export const ADMIN_MONTHLY_COSTS_SHOWN = 6;
/** Recent Optimizations on the admin Advertising tab: the latest this many entries. */
export const AD_OPTIMIZATIONS_SHOWN = 20;
