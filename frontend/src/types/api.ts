/** The current-user object (SPEC §3 User). Further fields are not relied on. */
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
