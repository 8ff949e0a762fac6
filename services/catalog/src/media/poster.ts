import { escapeFilterValue, printableText, truncateText } from './filter-text';

/**
 * A film's poster is a title card: a frame of the film (at ~10% of it) filling a 2:3 portrait,
 * softened and darkened towards the bottom, with the title set large in a serif face (wrapped onto
 * up to four lines) and the creator's credit under a short rule. 2:3 because that is the frame the
 * SPA shows posters in (film cards, the film page).
 *
 * Every drawn string is read by drawtext from a file (textfile=, expansion off), one file per
 * line: no character of a title or name reaches the filter parser, and each line is centred on
 * its own (ffmpeg 5's drawtext has no text alignment).
 */

export const POSTER_WIDTH = 720;
export const POSTER_HEIGHT = 1080;
/** Debian's fonts-dejavu-core; condensed faces so long titles keep a large size. */
export const POSTER_TITLE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf';
export const POSTER_CREDIT_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf';

const MARGIN = 56;
const TEXT_WIDTH = POSTER_WIDTH - 2 * MARGIN;
/** Title sizes tried, largest first: the first that sets the title on few enough lines wins. */
const TITLE_SIZES = [112, 100, 88, 78, 68, 60, 52, 46] as const;
const MAX_LINES = 4;
/** At the large sizes a fourth line would climb too far up the picture. */
const MAX_LINES_LARGE = 3;
const TITLE_MAX_CHARS = 120;
const CREDIT_MAX_CHARS = 40;
const CREDIT_SIZE = 30;
const THIN_SPACE = '\u2009';

/**
 * The advance width of `text` in ems, estimated for the title face from glyph classes (measured on
 * DejaVu Serif Condensed Bold, rounded up): enough to wrap lines without a font library.
 */
export function titleWidthEm(text: string): number {
  let em = 0;
  for (const char of text) {
    if (char === ' ') em += 0.32;
    else if ('MWmw@%&'.includes(char)) em += 1.0;
    else if ("iljtfI.,:;'!|()[]-".includes(char)) em += 0.42;
    else if (/\p{Lu}/u.test(char)) em += 0.78;
    else if (/[\p{Ll}\p{N}]/u.test(char)) em += 0.62;
    else em += 0.95; // other scripts and symbols: assume wide
  }
  return em;
}

export interface TitleLayout {
  lines: string[];
  fontSize: number;
}

function wrap(words: string[], maxEm: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && titleWidthEm(candidate) > maxEm) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A word wider than the line, cut into pieces that fit. */
function breakWord(word: string, maxEm: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && titleWidthEm(piece + char) > maxEm) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The title's lines and size: as large as fits in at most three lines (four when small). */
export function layoutTitle(title: string): TitleLayout {
  const text = truncateText(printableText(title), TITLE_MAX_CHARS) || 'Untitled';
  const words = text.split(' ');
  for (const fontSize of TITLE_SIZES) {
    const maxEm = TEXT_WIDTH / fontSize;
    if (words.some((word) => titleWidthEm(word) > maxEm)) continue;
    const lines = wrap(words, maxEm);
    if (lines.length <= (fontSize >= 78 ? MAX_LINES_LARGE : MAX_LINES)) return { lines, fontSize };
  }
  const fontSize = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  const maxEm = TEXT_WIDTH / fontSize;
  const lines = wrap(
    words.flatMap((word) => breakWord(word, maxEm)),
    maxEm,
  );
  if (lines.length > MAX_LINES) {
    let last = lines[MAX_LINES - 1]!;
    while (last && titleWidthEm(`${last}…`) > maxEm) last = [...last].slice(0, -1).join('');
    lines.length = MAX_LINES;
    lines[MAX_LINES - 1] = `${last.trimEnd()}…`;
  }
  return { lines, fontSize };
}

/** "A FILM BY <NAME>", letter-spaced with thin spaces, and its size (smaller for long names). */
export function creditLine(creator: string): { text: string; fontSize: number } | undefined {
  const name = truncateText(printableText(creator), CREDIT_MAX_CHARS);
  if (!name) return undefined;
  const upper = `A FILM BY ${name}`.toLocaleUpperCase();
  const text = [...upper].join(THIN_SPACE);
  // DejaVu Sans Condensed capitals are ~0.61 em, a thin space ~0.2 em; rounded up.
  const em = [...upper].length * 0.66 + ([...upper].length - 1) * 0.2;
  return { text, fontSize: Math.max(14, Math.min(CREDIT_SIZE, Math.floor(TEXT_WIDTH / em))) };
}

export interface PosterGraphOptions {
  layout: TitleLayout;
  /** drawtext text files, relative to ffmpeg's working directory: one per title line. */
  titleFiles: string[];
  credit?: { file: string; fontSize: number };
  titleFont?: string;
  creditFont?: string;
}

/**
 * The filter graph (for -filter_complex_script) turning input 0's frame into the title card.
 * Geometry, bottom up: the credit's baseline 160 px above the bottom (clear of the duration badge
 * the SPA's film cards lay over the poster's bottom edge), a 64 px rule above it, then the title's
 * lines; the shade is fully dark by the title's last line and starts well above its
 * first, so every line sits on a dark enough ground.
 */
export function posterGraph(options: PosterGraphOptions): string {
  const { layout, titleFiles } = options;
  const W = POSTER_WIDTH;
  const H = POSTER_HEIGHT;
  const titleFont = escapeFilterValue(options.titleFont ?? POSTER_TITLE_FONT);
  const creditFont = escapeFilterValue(options.creditFont ?? POSTER_CREDIT_FONT);
  const size = layout.fontSize;
  const lineHeight = Math.round(size * 1.08);
  const creditBaseline = H - 160;
  const ruleY = creditBaseline - 54;
  const lastBaseline = options.credit ? ruleY - Math.round(size * 0.28) - 14 : H - 180;
  const firstBaseline = lastBaseline - (titleFiles.length - 1) * lineHeight;
  const shadeStart = Math.max(Math.round(H * 0.2), firstBaseline - Math.round(size * 0.8) - 160);
  const shadeSpan = Math.max(1, Math.round((lastBaseline - shadeStart) * 0.9));

  const chain = [
    `[0:v:0]scale=${W}:${H}:force_original_aspect_ratio=increase:flags=bicubic`,
    `crop=${W}:${H}`,
    'setsar=1',
    // The sources are small and upscaled: a slight blur reads as depth of field, not pixels.
    'gblur=sigma=2.5',
    'eq=saturation=1.15:contrast=1.05',
    'vignette=angle=PI/5',
    'format=rgba[bg]',
  ].join(',');
  const shade =
    `color=c=black:s=${W}x${H}:d=1,format=rgba,` +
    `geq=r=0:g=0:b=0:a='245*pow(clip((Y-${shadeStart})/${shadeSpan}\\,0\\,1)\\,1.1)'[shade]`;
  const text = titleFiles.map((file, index) =>
    [
      `drawtext=fontfile=${titleFont}`,
      `textfile=${escapeFilterValue(file)}`,
      'expansion=none',
      `fontsize=${size}`,
      'fontcolor=white',
      'shadowcolor=black@0.6',
      'shadowx=0',
      'shadowy=3',
      'x=(w-tw)/2',
      `y=${firstBaseline + index * lineHeight}-ascent`,
    ].join(':'),
  );
  if (options.credit) {
    text.push(
      `drawbox=x=${(W - 64) / 2}:y=${ruleY}:w=64:h=3:color=white@0.7:t=fill`,
      [
        `drawtext=fontfile=${creditFont}`,
        `textfile=${escapeFilterValue(options.credit.file)}`,
        'expansion=none',
        `fontsize=${options.credit.fontSize}`,
        'fontcolor=white@0.85',
        'x=(w-tw)/2',
        `y=${creditBaseline}-ascent`,
      ].join(':'),
    );
  }
  return `${chain};\n${shade};\n[bg][shade]overlay=format=auto,\n${[...text, 'format=yuvj420p'].join(',\n')}\n`;
}

/** How ffmpeg runs for the poster images: no banner, no stdin, no progress, errors only. */
export const QUIET_IMAGE_FFMPEG = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error'] as const;

/** ffmpeg's arguments for the poster: the frame at `at` seconds through the graph in `graphFile`. */
export function posterArguments(source: string, output: string, graphFile: string, at: number): string[] {
  return [
    ...QUIET_IMAGE_FFMPEG,
    '-ss',
    at.toFixed(3),
    '-i',
    source,
    '-filter_complex_script',
    graphFile,
    '-an',
    '-sn',
    '-dn',
    '-frames:v',
    '1',
    '-q:v',
    '2',
    '-f',
    'image2',
    '-update',
    '1',
    '-y',
    output,
  ];
}
