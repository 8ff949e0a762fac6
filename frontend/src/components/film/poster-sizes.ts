// Apart from the poster component, so the startup code can preload a screen's first posters
// without it.

/**
 * `sizes` of the posters the screens show (docs/ui.md): the browser picks the narrowest WebP
 * variant that covers the slot at the screen's pixel density.
 */
export const POSTER_SIZES = {
  /** A card in a home carousel (CarouselItem: 144, 160, 176 px). */
  carousel: '(min-width: 1024px) 176px, (min-width: 640px) 160px, 144px',
  /** A card of the Browse grid: 2, 4 or 6 columns across max-w-screen-2xl. */
  browseGrid:
    '(min-width: 1536px) 232px, (min-width: 1024px) calc((100vw - 144px) / 6), (min-width: 768px) calc((100vw - 112px) / 4), calc((100vw - 48px) / 2)',
  /** A card of a creator's films: 2, 3 or 4 columns beside the profile's side column. */
  creatorGrid:
    '(min-width: 1280px) 204px, (min-width: 1024px) calc((100vw - 448px) / 3), (min-width: 768px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)',
  /** The film page's poster: 192 px, 16rem from md, 18rem from lg. */
  filmPage: '(min-width: 1024px) 288px, (min-width: 768px) 256px, 192px',
  /** A 64 px thumbnail (related films, lists). */
  thumbnail: '64px',
} as const;
