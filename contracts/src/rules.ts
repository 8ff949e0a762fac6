// The product rules that the services enforce and the SPA shows, written once. Plain constants
// with no imports: the services compile it with tsc, the SPA's Vite build reads it from source.
// The rules themselves are described in docs/catalog.md and docs/accounts.md.

/** Every genre a film can have: the browse filter's list, then Family (home rows, demo catalog). */
export const GENRES = [
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
  'Family',
] as const;
export type Genre = (typeof GENRES)[number];

/** The browse page's genre filter options (after 'All Genres'), in order. */
export const GENRE_FILTER_OPTIONS = GENRES.filter((genre) => genre !== 'Family');

/** Every language a film can be in; the browse filter offers them in this order. */
export const LANGUAGES = [
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
export type Language = (typeof LANGUAGES)[number];

/** Genre and language filters are free text up to this length, matched case-insensitively. */
export const FILTER_TEXT_MAX_LENGTH = 40;

/** Film list orders; featured is the default. */
export const FILM_SORTS = ['featured', 'newest', 'popular', 'rating'] as const;
export type FilmSort = (typeof FILM_SORTS)[number];
export const DEFAULT_FILM_SORT: FilmSort = 'featured';

/** A film's life cycle: pending until its media is ready, then published; archived hides it. */
export const FILM_STATUSES = ['pending', 'published', 'archived'] as const;
export type FilmStatus = (typeof FILM_STATUSES)[number];

/** Roles a session carries: admin is a user flag, creator and critic are granted by other contexts. */
export const ROLES = ['admin', 'creator', 'critic'] as const;
export type Role = (typeof ROLES)[number];
export const USER_ROLES = ['creator', 'critic'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SUBSCRIPTION_TYPES = ['free', 'premium'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** The creators list's type filter: critics are social's, so catalog finds none. */
export const CREATOR_TYPES = ['creator', 'critic'] as const;
export type CreatorType = (typeof CREATOR_TYPES)[number];

/** List calls: limit 1–100 (each list has its default), offset 0–10000. */
export const LIST_LIMIT_MAX = 100;
export const LIST_OFFSET_MAX = 10_000;
export const FILMS_DEFAULT_LIMIT = 50;
export const CREATORS_DEFAULT_LIMIT = 20;
export const TRENDING_DEFAULT_LIMIT = 8;
export const TRENDING_LIMIT_MAX = 50;
/**
 * The film list by ids (`GET /api/films?ids=12,5,9`, a row of recommended films): 1 to this many
 * ids, written as given, in one call.
 */
export const FILM_IDS_MAX = 50;

/** Film search: the query text is required and at most this long. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** A creator bio holds 1 to 500 characters; website and social links are bounded too. */
export const CREATOR_BIO_MAX_LENGTH = 500;
export const CREATOR_WEBSITE_MAX_LENGTH = 200;
/** The admins' creator search (`q`): at most this long. */
export const CREATOR_SEARCH_MAX_LENGTH = 100;

/** First and last names hold at most 50 characters each. */
export const NAME_MAX_LENGTH = 50;
/** An email address holds at most 254 characters (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** Avatar: an http(s) URL or a /media/ path, at most this long. */
export const PROFILE_IMAGE_URL_MAX_LENGTH = 2048;
/** The sign-in code has exactly this many digits. */
export const VERIFICATION_CODE_LENGTH = 6;

/** The "Help Shape" feedback form: an optional name and the vision text. */
export const FEEDBACK_NAME_MAX_LENGTH = 100;
export const FEEDBACK_VISION_MAX_LENGTH = 5000;

/** Largest id a PostgreSQL integer (serial) column holds: path and query ids stay within it. */
export const MAX_ID = 2_147_483_647;

/** A member's film review: a whole rating 1–10 (the form starts at 5) and a non-blank text up to 2000 characters. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 10;
export const REVIEW_RATING_DEFAULT = 5;
export const REVIEW_TEXT_MAX_LENGTH = 2000;
export const REVIEWS_DEFAULT_LIMIT = 20;

/** A member's lists. continue_watching is kept from viewing progress, never written by the list call. */
export const LIST_TYPES = ['watchlist', 'favorites', 'continue_watching'] as const;
export type ListType = (typeof LIST_TYPES)[number];
export const WRITABLE_LIST_TYPES = ['watchlist', 'favorites'] as const satisfies readonly ListType[];
export type WritableListType = (typeof WRITABLE_LIST_TYPES)[number];
export const USER_LIST_DEFAULT_LIMIT = 50;

/** What a critic may name as their expertise (any subset, in this order on the form). */
export const CRITIC_EXPERTISE = [
  'Drama',
  'Comedy',
  'Action',
  'Thriller',
  'Horror',
  'Romance',
  'Sci-Fi',
  'Fantasy',
  'Documentary',
  'Animation',
  'Crime',
  'Mystery',
] as const;
export type CriticExpertise = (typeof CRITIC_EXPERTISE)[number];
/** A critic's professional bio: required, at most this long. */
export const CRITIC_BIO_MAX_LENGTH = 1000;
/** Website and social links of a critic: each at most this long. */
export const CRITIC_LINK_MAX_LENGTH = 200;
/** A critic invitation works once and for this many days. */
export const CRITIC_INVITATION_TTL_DAYS = 7;
/** A critic review: a title up to 120 characters, a rating 1–10 and a text like a member review's. */
export const CRITIC_REVIEW_TITLE_MAX_LENGTH = 120;
/** Critic recommendations: at most this many of the critic's highest-rated films. */
export const CRITIC_RECOMMENDATIONS_LIMIT = 10;
/** The critic dashboard's Recent Reviews show this many. */
export const CRITIC_RECENT_REVIEWS = 5;
/**
 * In-app notifications: a film published by a creator the member follows, a review published by a
 * critic the member follows. One notification per member, kind and subject (the film, or the review).
 */
export const NOTIFICATION_KINDS = ['film_published', 'critic_review'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
/** The SPA polls the unread count this often (ms). */
export const NOTIFICATIONS_POLL_INTERVAL_MS = 60_000;

/** Avatar upload: an image body of at most this many bytes, stored as a square JPEG of this side. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;

// ---------------------------------------------------------------- uploads and the creator studio
/** Resumable uploads (tus): the largest file by default (the service's limit is configurable, never under 4 GiB). */
export const UPLOAD_MAX_BYTES_DEFAULT = 8 * 1024 * 1024 * 1024;
export const UPLOAD_MAX_BYTES_MIN = 4 * 1024 * 1024 * 1024;
/** An unfinished upload is removed this many hours after it started (default). */
export const UPLOAD_EXPIRY_HOURS_DEFAULT = 24;
/** The longest film accepted, in seconds (default: 4 hours). */
export const UPLOAD_MAX_DURATION_SECONDS_DEFAULT = 4 * 60 * 60;
/** The SPA sends an upload in PATCH requests of at most this many bytes. */
export const UPLOAD_CHUNK_BYTES = 50 * 1024 * 1024;

/** A film's title (trimmed, 1–120), description (up to 2000) and release year (1888 to next year). */
export const FILM_TITLE_MAX_LENGTH = 120;
export const FILM_DESCRIPTION_MAX_LENGTH = 2000;
export const FILM_RELEASE_YEAR_MIN = 1888;

/** Captions: up to 8 WebVTT files, one per language tag ("en", "pt-BR"), each with a label and at most 1 MB. */
export const CAPTIONS_MAX = 8;
export const CAPTION_VTT_MAX_BYTES = 1024 * 1024;
export const CAPTION_LABEL_MAX_LENGTH = 40;
export const CAPTION_LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;
export const CAPTION_LANGUAGE_MAX_LENGTH = 12;

/** AI disclosure: the parts of a film made with generative tools, and bounds on the free text. */
export const AI_PARTS = ['visuals', 'sound', 'voice', 'script'] as const;
export type AiPart = (typeof AI_PARTS)[number];
export const AI_TOOLS_MAX = 10;
export const AI_TOOL_MAX_LENGTH = 60;
export const AI_NOTES_MAX_LENGTH = 500;

/** Where a film's video is in the media pipeline. */
export const MEDIA_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

// ---------------------------------------------------------------- moderation and reports
/** A moderator's reason when rejecting (archiving) a film: required, not blank, at most this long. */
export const MODERATION_REASON_MAX_LENGTH = 1000;
/** What a film or review can be reported for (the report dialog offers them in this order). */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'sexual',
  'violence',
  'copyright',
  'undisclosed_ai',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What can be reported. */
export const REPORT_SUBJECT_TYPES = ['film', 'review'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];
/** A report's own words (details) and an admin's note on closing it: at most this long. */
export const REPORT_TEXT_MAX_LENGTH = 1000;
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** The admin queues (pending films, reports, waitlist, feedback) page by this many by default. */
export const ADMIN_LIST_DEFAULT_LIMIT = 20;

/**
 * The Redis stream (under the services' REDIS_PREFIX) on which auth announces identity changes
 * and the gateway's identity marks follow them: entries `user <uuid> version <n>` (docs/accounts.md,
 * "Sessions").
 */
export const IDENTITY_CHANGES_STREAM = 'identity:changes';

// Viewing analytics (docs/analytics-and-money.md).
/** The player reports a viewing session this often while playing. */
export const VIEWING_SESSION_UPDATE_INTERVAL_S = 30;
/** A session is a view once this many seconds were watched… */
export const VIEW_QUALIFYING_SECONDS = 30;
/** …or, for a film shorter than this many seconds, half of the film. */
export const VIEW_SHORT_FILM_SECONDS = 60;
/** A session reaching this share of the film is completed; the film leaves Continue Watching. */
export const COMPLETED_FRACTION = 0.9;
export const VIEWING_DEVICE_TYPES = ['tablet', 'mobile', 'desktop'] as const;
export type ViewingDeviceType = (typeof VIEWING_DEVICE_TYPES)[number];
/** How far back a session may say it started (the demo traffic replays the last 90 days). */
export const VIEWING_SESSION_MAX_AGE_DAYS = 100;
/** The dashboards' date ranges, in days. */
export const ANALYTICS_RANGES_DAYS = [7, 30, 90] as const;
export type AnalyticsRangeDays = (typeof ANALYTICS_RANGES_DAYS)[number];
export const ANALYTICS_DEFAULT_RANGE_DAYS: AnalyticsRangeDays = 30;
export const ADMIN_ANALYTICS_REFRESH_MS = 30_000;
export const CREATOR_ANALYTICS_REFRESH_MS = 60_000;
/** The admin Revenue tab compares cost per view with this target, in dollars. */
export const TARGET_COST_PER_VIEW = 0.09;
/** Points of a retention curve: the share of sessions that watched each percent of the film. */
export const RETENTION_POINTS = 100;
export const WATCH_HISTORY_DEFAULT_LIMIT = 50;

// ---------------------------------------------------------------- advertising
// The limits of advertisers, campaigns and creatives (docs/advertising.md): the ads service's DTOs
// and the admin's campaign form check the same ones.

export const ADVERTISER_NAME_MAX_LENGTH = 100;
export const WEBSITE_URL_MAX_LENGTH = 200;

export const CAMPAIGN_NAME_MAX_LENGTH = 100;
/** Budget over the flight, dollars (at most 2 decimals). */
export const BUDGET_MIN = 1;
export const BUDGET_MAX = 1_000_000;
/** CPM bid, dollars (at most 2 decimals): one impression charges CPM / 1000. */
export const CPM_MIN = 0.1;
export const CPM_MAX = 1_000;
export const CAP_PER_VIEWER_DAY_MIN = 1;
export const CAP_PER_VIEWER_DAY_MAX = 100;
export const CAP_PER_VIEWER_DAY_DEFAULT = 3;
export const CAP_PER_SESSION_MIN = 1;
export const CAP_PER_SESSION_MAX = 10;
export const CAP_PER_SESSION_DEFAULT = 1;

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_DELIVERIES = ['even', 'asap'] as const;
export type CampaignDelivery = (typeof CAMPAIGN_DELIVERIES)[number];
export const PACING_STATUSES = ['on_pace', 'behind', 'ahead', 'not_started', 'ended'] as const;
export type PacingStatus = (typeof PACING_STATUSES)[number];

/** Targeting: what a viewer must match; an empty list (or no age bound) matches everyone. */
export const AD_DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'tv'] as const;
export type AdDeviceType = (typeof AD_DEVICE_TYPES)[number];
export const TARGET_AGE_MIN = 13;
export const TARGET_AGE_MAX = 120;
export const TARGET_COUNTRIES_MAX = 250;
export const TARGET_INTERESTS_MAX = 20;
export const INTEREST_MAX_LENGTH = 50;

export const CREATIVE_TITLE_MAX_LENGTH = 100;
export const CREATIVE_DESCRIPTION_MAX_LENGTH = 500;
export const CREATIVE_DURATION_MIN = 1;
export const CREATIVE_DURATION_MAX = 120;
export const CLICK_URL_MAX_LENGTH = 2048;
/** Creatives one campaign may hold. */
export const CREATIVES_PER_CAMPAIGN_MAX = 20;
