import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { CAROUSEL_SCROLL_STEP_PX } from '@/config/constants';
import { cn } from '@/lib/utils';

type CarouselProps = {
  /** The row's heading; also names the scroll buttons ("Scroll New Releases right"). */
  title: string;
  /** Shown beside the heading, e.g. a 'See all' link or a toggle. */
  action?: ReactNode;
  /** Under the heading, e.g. a short explanation. */
  description?: ReactNode;
  /** Pixels per button press (300 on home, 200 in a creator's film scroller). */
  step?: number;
  /** Heading level of the title. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
  /** Classes of the scrolling track (its gap and padding). */
  trackClassName?: string;
  children: ReactNode;
};

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A horizontal row that scrolls by a fixed step with its previous/next buttons. The track itself is
 * focusable, so arrow keys scroll it too, and touch users swipe it.
 */
export function Carousel({
  title,
  action,
  description,
  step = CAROUSEL_SCROLL_STEP_PX,
  headingLevel: Heading = 'h2',
  className,
  trackClassName,
  children,
}: CarouselProps) {
  const headingId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const start = track.scrollLeft <= 1;
    const end = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    track.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // Without ResizeObserver (jsdom), measured once now; in a browser the observer's first report,
    // which comes once the row is laid out, measures it: reading the scroll width here would make
    // the browser lay out the whole page in the middle of React's commit.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return () => {
        track.removeEventListener('scroll', measure);
        window.removeEventListener('resize', measure);
      };
    }
    // Cards arriving after loading change the scroll width without any scroll event: each card is
    // observed, so its first layout (and any later resize) measures the row again.
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    for (const child of track.children) observer.observe(child);
    const mutations = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element) observer.observe(node);
      }
    });
    mutations.observe(track, { childList: true });
    return () => {
      track.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer.disconnect();
      mutations.disconnect();
    };
  }, [measure]);

  const scrollByStep = (direction: -1 | 1) => {
    const track = trackRef.current;
    if (!track) return;
    const left = direction * step;
    if (typeof track.scrollBy === 'function') {
      track.scrollBy({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    } else {
      track.scrollLeft += left;
    }
  };

  const buttonClasses =
    'inline-flex size-9 items-center justify-center rounded-full border border-white/10 bg-white/5 text-fg ' +
    'transition-colors hover:border-white/25 hover:bg-white/10 disabled:cursor-default disabled:opacity-30';

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        // A row off screen is neither styled, laid out nor painted until it comes near (a long page
        // of rows opens much faster on a phone); about 22rem stands in for its height until then.
        // That containment clips to the row's box, so the box takes in the track's bleed to the
        // screen's edges and room for the buttons' focus outline above them (negative margins keep
        // the layout as it was).
        '-mx-4 -mt-2 min-w-0 px-4 pt-2 md:-mx-8 md:px-8',
        '[contain-intrinsic-size:auto_22rem] [content-visibility:auto]',
        className,
      )}
    >
      <div className="mb-3 flex items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Heading id={headingId} className="text-lg font-bold tracking-tight text-fg md:text-xl">
              {title}
            </Heading>
            {action}
          </div>
          {description ? <div className="mt-1 text-sm text-fg-subtle">{description}</div> : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            aria-label={`Scroll ${title} left`}
            aria-controls={`${headingId}-track`}
            disabled={edges.start}
            onClick={() => scrollByStep(-1)}
            className={buttonClasses}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label={`Scroll ${title} right`}
            aria-controls={`${headingId}-track`}
            disabled={edges.end}
            onClick={() => scrollByStep(1)}
            className={buttonClasses}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div
        ref={trackRef}
        id={`${headingId}-track`}
        role="group"
        aria-labelledby={headingId}
        tabIndex={0}
        data-testid="carousel-track"
        className={cn(
          '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-4 md:-mx-8 md:scroll-px-8 md:gap-4 md:px-8',
          '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden focus-visible:outline-offset-[-2px]',
          trackClassName,
        )}
      >
        {children}
      </div>
    </section>
  );
}

/** One slot of a carousel: fixed width, snaps to the start. */
export function CarouselItem({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('w-36 shrink-0 snap-start sm:w-40 lg:w-44', className)}>{children}</div>;
}
