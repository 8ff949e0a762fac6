import { POSTER_HEIGHT, POSTER_WIDTH, QUIET_IMAGE_FFMPEG } from './poster';

/**
 * WebP copies of a film's poster at the widths the SPA shows it, written beside `poster.jpg`
 * (docs/playback-and-media.md): a film card is 144–240 CSS px wide, the film page's poster 192–288,
 * the related films' thumbnails 64, at device pixel ratios 1 to 3; the home hero stretches one
 * across the screen. 720 is the JPEG's own size, at about half its bytes.
 */
export const POSTER_VARIANT_WIDTHS = [160, 240, 320, 480, 720] as const;
export const POSTER_VARIANT_TYPE = 'image/webp';
/** libwebp's quality (0–100): the title's edges stay clean at every width. */
const WEBP_QUALITY = 80;

export interface PosterVariant {
  /** Relative to the poster's directory, e.g. "poster-240.webp". */
  file: string;
  width: number;
  height: number;
  type: typeof POSTER_VARIANT_TYPE;
}

/** The file name of the WebP poster `width` pixels wide. */
export const posterVariantFile = (width: number) => `poster-${width}.webp`;

/** The variants of a poster: every width of POSTER_VARIANT_WIDTHS, 2:3 like the poster. */
export function posterVariants(widths: readonly number[] = POSTER_VARIANT_WIDTHS): PosterVariant[] {
  return widths
    .filter((width) => Number.isInteger(width) && width > 0 && width <= POSTER_WIDTH)
    .map((width) => ({
      file: posterVariantFile(width),
      width,
      height: Math.round((width * POSTER_HEIGHT) / POSTER_WIDTH),
      type: POSTER_VARIANT_TYPE,
    }));
}

/**
 * ffmpeg's arguments writing every variant from the finished poster in one run: the JPEG is
 * decoded once, split, and each branch scaled and encoded. `poster` and the outputs are relative
 * to ffmpeg's working directory (the transcode's work directory).
 */
export function posterVariantArguments(poster: string, variants: readonly PosterVariant[]): string[] {
  const branches = variants.map((_, index) => `[s${index}]`).join('');
  const graph = [
    `[0:v:0]format=yuv420p,split=${variants.length}${branches}`,
    ...variants.map(
      (variant, index) => `[s${index}]scale=${variant.width}:${variant.height}:flags=lanczos[v${index}]`,
    ),
  ].join(';');
  return [
    ...QUIET_IMAGE_FFMPEG,
    '-i',
    poster,
    '-filter_complex',
    graph,
    ...variants.flatMap((variant, index) => [
      '-map',
      `[v${index}]`,
      '-c:v',
      'libwebp',
      '-quality',
      String(WEBP_QUALITY),
      '-compression_level',
      '6',
      '-preset',
      'picture',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-update',
      '1',
      '-y',
      variant.file,
    ]),
  ];
}
