/** The current-user object (docs/accounts.md). Further fields are not relied on. */
export type User = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  /** 'premium', otherwise free. */
  subscriptionType: string | null;
  subscriptionExpiry: string | null;
  roles?: string[];
  watchlistCount?: number;
  favoritesCount?: number;
};

/** Film status: pending review, published, or archived (rejected). */
export type FilmStatus = 'pending' | 'published' | 'archived';

/** The creator summary embedded in a film. */
export type FilmCreator = {
  id: number;
  userId: string;
  bio: string;
  isVerified: boolean;
  followerCount: number;
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null };
};

/** A film, as GET /api/films and GET /api/films/{id} return it (docs/catalog.md). */
export type Film = {
  id: number;
  title: string;
  description: string;
  genre: string;
  language: string;
  /** Minutes. */
  duration: number;
  releaseYear: number;
  /** Mean review rating out of 10 with one decimal ("7.5"); "0.0" when nobody has rated the film. */
  rating: string;
  viewCount: number;
  posterUrl: string | null;
  /** The HLS master playlist, or null when the film has no video yet. */
  videoUrl: string | null;
  isFeatured: boolean;
  status: FilmStatus;
  createdAt: string;
  publishedAt: string | null;
  creator: FilmCreator;
};

/** GET /api/films/trending: a film with its views of the last 7 days. */
export type TrendingFilm = Film & { recentViews: number };

/** Handles are stored bare (no @); the website is a full URL. */
export type SocialLinks = { website?: string; twitter?: string; instagram?: string; youtube?: string };

/** A creator (list form, GET /api/creators). */
export type Creator = {
  id: number;
  userId: string;
  bio: string;
  website: string | null;
  socialLinks: SocialLinks;
  isVerified: boolean;
  followerCount: number;
  createdAt: string;
  user: {
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    email?: string | null;
  };
  /** The newest published films (up to 10 in the list form; all of them on the profile). */
  films: Film[];
  _count: { followers: number; films: number };
};

/** GET /api/creators/{id} and POST /api/creators: the list form plus the stats card. */
export type CreatorProfile = Creator & {
  stats: { totalFilms: number; followers: number; totalViews: number; averageRating: number };
};
