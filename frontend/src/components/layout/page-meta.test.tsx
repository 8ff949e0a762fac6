import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { META_DESCRIPTION_MAX_LENGTH, metaDescription, PageMeta } from './page-meta';

const descriptions = () =>
  [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map(
    (meta) => meta.content,
  );

describe('PageMeta', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name="description"]').forEach((meta) => meta.remove());
  });

  it("sets the title, writes the page's description into the one meta tag, and restores the default after", () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'The default.';
    document.head.append(meta);

    const { unmount } = render(<PageMeta title="Browse Films · Kinora" description="Browse the films." />);

    expect(document.title).toBe('Browse Films · Kinora');
    expect(descriptions()).toEqual(['Browse the films.']);
    unmount();
    expect(descriptions()).toEqual(['The default.']);
  });

  it('adds the tag when the document has none, and removes it after', () => {
    const { unmount } = render(<PageMeta title="X" description="Only this." />);
    expect(descriptions()).toEqual(['Only this.']);
    unmount();
    expect(descriptions()).toEqual([]);
  });

  it('leaves the default alone without a description', () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'The default.';
    document.head.append(meta);

    render(<PageMeta title="X" description="  " />);
    expect(descriptions()).toEqual(['The default.']);
  });
});

describe('metaDescription', () => {
  it('keeps short text on one line', () => {
    expect(metaDescription('  A film\n about   the sea. ')).toBe('A film about the sea.');
  });

  it('cuts long text at a word, with an ellipsis, within 160 characters', () => {
    const long = `${'Waves fold into code, '.repeat(12)}and the sea remembers.`;
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX_LENGTH);
    // Seven whole phrases fit; the eighth's first word does not end at the limit: cut before it.
    expect(cut).toBe(`${'Waves fold into code, '.repeat(7).replace(/, $/, '')}…`);
  });
});
