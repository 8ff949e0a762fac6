/** Every screen path (docs/ui.md), plus the full-page browser navigations. */
export const paths = {
  landing: '/',
  frontpage: '/frontpage',
  auth: '/auth',
  home: '/home',
  browse: '/browse',
  discoverCreators: '/discover-creators',
  discoverCritics: '/discover-critics',
  awards: '/awards',
  profile: '/profile',
  /** The member's watch history. */
  history: '/history',
  admin: '/admin',
  film: '/film/:id',
  creator: '/creator/:id',
  creatorOnboarding: '/creatorlogin',
  creatorDashboard: '/creator-dashboard',
  criticSignup: '/critic-signup',
  criticDashboard: '/critic-dashboard',
  terms: '/terms',
  about: '/about',
  privacy: '/privacy',
  creatorGuidelines: '/creator-guidelines',
  upload: '/upload',
  uploadFilm: '/uploadfilm',
  /** The pre-launch teaser with the waitlist and feedback forms. */
  waitlist: '/waitlist',
  /** Browser navigations handled by the auth service, not screens. */
  apiLogin: '/api/login',
  apiLogout: '/api/logout',
} as const;

/** /auth with a `message` the sign-in screen shows above its form. */
export const signInPath = (message: string) => `${paths.auth}?message=${encodeURIComponent(message)}`;

export const filmPath = (id: number | string) => `/film/${encodeURIComponent(String(id))}`;
export const creatorPath = (id: number | string) => `/creator/${encodeURIComponent(String(id))}`;

/** /browse with some filters set, e.g. a home genre row's 'See all'. */
export const browsePath = (filters: Record<string, string>) => {
  const query = new URLSearchParams(filters).toString();
  return query ? `/browse?${query}` : '/browse';
};

/** The navigation bar's search: trimmed text → /browse?q={text}&type=all. */
export const browseSearchPath = (query: string) => `/browse?q=${encodeURIComponent(query)}&type=all`;
