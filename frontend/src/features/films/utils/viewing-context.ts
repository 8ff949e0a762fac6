import type { ViewingDeviceType } from '@kinora/contracts';

/** Below this viewport width a device without a telling user agent is a phone; below the next, a tablet. */
const PHONE_MAX_WIDTH_PX = 767;
const TABLET_MAX_WIDTH_PX = 1024;

/**
 * The device type a viewing session reports: from the user agent where it says (iPad, Android
 * without "Mobile", iPadOS posing as a Mac with touch; phones), else from the viewport width of a
 * touch screen. Everything else is a desktop.
 */
export function viewingDeviceType(
  userAgent: string = navigator.userAgent,
  viewportWidth: number = window.innerWidth,
  touchPoints: number = navigator.maxTouchPoints ?? 0,
): ViewingDeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet';
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet';
  if (/Macintosh/i.test(userAgent) && touchPoints > 1) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  if (touchPoints > 0 && viewportWidth <= PHONE_MAX_WIDTH_PX) return 'mobile';
  if (touchPoints > 0 && viewportWidth <= TABLET_MAX_WIDTH_PX) return 'tablet';
  return 'desktop';
}

/**
 * A random (version 4) UUID for a new viewing session. crypto.randomUUID exists only in secure
 * contexts (https, localhost), so a page served over plain http builds one from random bytes.
 */
export function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
