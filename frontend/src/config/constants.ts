/** SPEC §9: the navigation bar turns glassy after scrolling this many pixels. */
export const NAV_GLASS_SCROLL_THRESHOLD_PX = 20;

/** SPEC §9: logout success navigates after the toast; 401 redirects after 500 ms. */
export const LOGOUT_REDIRECT_DELAY_MS = 500;

/** SPEC §5, §9: the sign-in code has exactly this many characters. */
export const VERIFICATION_CODE_LENGTH = 6;

/**
 * SPEC §2 waitlist page: after the headline animates in, three blocks fade in after about 2 s,
 * then 0.5 s later, then 0.6 s after that.
 */
export const WAITLIST_REVEAL_DELAYS_MS = [2000, 2500, 3100] as const;

/** Business registration line of the footer (SPEC §2, §9: 'ABN line and © 2024'). */
export const COMPANY_ABN = 'ABN 12 345 678 901';
export const COPYRIGHT_YEAR = 2024;
