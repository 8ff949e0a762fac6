/**
 * Text that reaches ffmpeg's filter graphs: escaping for option values, and the cleaning every
 * drawn string (watermark, poster title and credit) goes through first.
 */

/**
 * Escapes a value for a filter option inside a -filter_complex graph: first as an option value
 * (\ ' : are special), then as part of the graph description (\ ' [ ] , ; are special).
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (char) => `\\${char}`);
  return optionLevel.replace(/[\\'[\],;]/g, (char) => `\\${char}`);
}

/** One line of printable text: control and format characters become spaces, runs of space one. */
export function printableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` cut to at most `max` characters (code points), an ellipsis marking the cut. */
export function truncateText(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
