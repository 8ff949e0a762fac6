/** SPEC §9: the navigation bar turns glassy after scrolling this many pixels. */
export const NAV_GLASS_SCROLL_THRESHOLD_PX = 20;

/** SPEC §9: logout success navigates after the toast; 401 redirects after 500 ms. */
export const LOGOUT_REDIRECT_DELAY_MS = 500;
