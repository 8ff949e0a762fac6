import { useEffect } from 'react';

/** Search results show about this many characters of a description. */
export const META_DESCRIPTION_MAX_LENGTH = 160;

/** Text fit for a meta description: one line, at most 160 characters, cut at a word with "…". */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_MAX_LENGTH) return line;
  const cut = line.slice(0, META_DESCRIPTION_MAX_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > META_DESCRIPTION_MAX_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/**
 * Writes `description` into the page's one `<meta name="description">` (index.html's default)
 * while the calling screen is shown, and puts the previous text back after.
 */
export function useMetaDescription(description: string | null | undefined): void {
  useEffect(() => {
    const text = description ? metaDescription(description) : '';
    if (!text) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = text;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}

type PageMetaProps = {
  /** The document title ("Browse Films · Kinora"). */
  title: string;
  /** The page's description for search results and link previews; index.html's default without one. */
  description?: string | null;
};

/**
 * A screen's title and description. React 19 hoists the `<title>` into the head (the newest one
 * wins). A `<meta>` it would only add beside index.html's default, and crawlers read the first one,
 * so the description goes into that tag instead ({@link useMetaDescription}).
 */
export function PageMeta({ title, description }: PageMetaProps) {
  useMetaDescription(description);
  return <title>{title}</title>;
}
