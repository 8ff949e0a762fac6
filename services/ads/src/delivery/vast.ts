import type { FastifyRequest } from 'fastify';
import type { AdEventName } from './delivery-rules';
import type { AdDto } from './dto/delivery.dto';

/** Skip Ad is offered this long after the ad starts. */
export const SKIP_OFFSET = '00:00:05';
/** The creatives are HLS ladders; VAST wants a nominal frame size for the media file. */
const NOMINAL_WIDTH = 1280;
const NOMINAL_HEIGHT = 720;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const firstValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * scheme://host the client reached: the gateway's X-Forwarded-Proto and X-Forwarded-Host (it
 * always sets both), else the request's own. Anything that is not a plain scheme or host is
 * ignored, so nothing but a host name ends up in the document.
 */
export function publicOrigin(request: FastifyRequest): string {
  const proto = firstValue(request.headers['x-forwarded-proto']);
  const scheme =
    proto === 'https' || proto === 'http' ? proto : request.protocol === 'https' ? 'https' : 'http';
  const forwarded = firstValue(request.headers['x-forwarded-host']);
  const hostHeader = firstValue(request.headers.host);
  const host =
    forwarded && HOST.test(forwarded)
      ? forwarded
      : hostHeader && HOST.test(hostHeader)
        ? hostHeader
        : 'localhost';
  return `${scheme}://${host}`;
}

/** HH:MM:SS.mmm */
export function vastDuration(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(
    Math.floor(millis / 1000) % 60,
  )}.${pad(millis % 1000, 3)}`;
}

const VAST_TRACKING: Array<[string, AdEventName]> = [
  ['start', 'start'],
  ['firstQuartile', 'first_quartile'],
  ['midpoint', 'midpoint'],
  ['thirdQuartile', 'third_quartile'],
  ['complete', 'complete'],
  ['skip', 'skip'],
];

export const EMPTY_VAST =
  '<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.0" xmlns="http://www.iab.com/VAST"/>\n';

/**
 * A VAST 4.0 InLine linear ad: the HLS media file, skippable after 5 s, its impression, progress,
 * skip and click tracking all pointing back at GET /api/ads/track with the selection's token.
 */
export function vastDocument(ad: AdDto, selectionId: string, origin: string): string {
  const track = (event: AdEventName) =>
    xml(`${origin}/api/ads/track?token=${encodeURIComponent(ad.token)}&event=${event}`);
  const media = ad.videoUrl.startsWith('/') ? `${origin}${ad.videoUrl}` : ad.videoUrl;
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0" xmlns="http://www.iab.com/VAST">
  <Ad id="${ad.id}">
    <InLine>
      <AdSystem version="1">Kinora</AdSystem>
      <AdServingId>${xml(selectionId)}</AdServingId>
      <AdTitle>${xml(ad.title)}</AdTitle>
      <Advertiser>${xml(ad.advertiserName)}</Advertiser>
      <Description>${xml(ad.description)}</Description>
      <Impression id="kinora">${track('start')}</Impression>
      <Creatives>
        <Creative id="${ad.id}" adId="${ad.id}">
          <UniversalAdId idRegistry="kinora">${ad.id}</UniversalAdId>
          <Linear skipoffset="${SKIP_OFFSET}">
            <Duration>${vastDuration(ad.duration)}</Duration>
            <TrackingEvents>
${VAST_TRACKING.map(([name, event]) => `              <Tracking event="${name}">${track(event)}</Tracking>`).join('\n')}
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="kinora">${xml(ad.clickUrl)}</ClickThrough>
              <ClickTracking id="kinora">${track('click')}</ClickTracking>
            </VideoClicks>
            <MediaFiles>
              <MediaFile delivery="streaming" type="application/x-mpegURL" width="${NOMINAL_WIDTH}" height="${NOMINAL_HEIGHT}">${xml(media)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
`;
}
