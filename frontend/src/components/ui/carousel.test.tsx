import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Carousel, CarouselItem } from './carousel';

/** jsdom lays nothing out: give the track a size and a scroll position of our choosing. */
function layOut(
  track: HTMLElement,
  { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number },
) {
  Object.defineProperty(track, 'scrollWidth', { value: scrollWidth, configurable: true });
  Object.defineProperty(track, 'clientWidth', { value: clientWidth, configurable: true });
}

const renderCarousel = (step?: number) =>
  render(
    <Carousel title="New Releases" step={step}>
      {Array.from({ length: 10 }, (_, index) => (
        <CarouselItem key={index}>Film {index}</CarouselItem>
      ))}
    </Carousel>,
  );

describe('Carousel', () => {
  const scrollBy = vi.fn();

  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', {
      value: scrollBy,
      configurable: true,
      writable: true,
    });
  });

  afterEach(() => {
    scrollBy.mockReset();
    // @ts-expect-error -- jsdom has no scrollBy; remove the stand-in again.
    delete HTMLElement.prototype.scrollBy;
  });

  const track = () => screen.getByTestId('carousel-track');
  const scrollTo = (left: number) => {
    track().scrollLeft = left;
    fireEvent.scroll(track());
  };

  it('scrolls by 300 px with its buttons, which are keyboard operable', async () => {
    renderCarousel();
    layOut(track(), { scrollWidth: 2000, clientWidth: 800 });
    scrollTo(0);

    const right = screen.getByRole('button', { name: 'Scroll New Releases right' });
    await userEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });

    right.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(scrollBy).toHaveBeenCalledTimes(3);

    scrollTo(600);
    await userEvent.click(screen.getByRole('button', { name: 'Scroll New Releases left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: 'smooth' });
  });

  it('uses the given step (a creator film scroller moves 200 px)', async () => {
    renderCarousel(200);
    layOut(track(), { scrollWidth: 2000, clientWidth: 800 });
    scrollTo(0);

    await userEvent.click(screen.getByRole('button', { name: 'Scroll New Releases right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });
  });

  it('disables the button of the edge it is at', () => {
    renderCarousel();
    layOut(track(), { scrollWidth: 2000, clientWidth: 800 });
    const left = () => screen.getByRole('button', { name: 'Scroll New Releases left' });
    const right = () => screen.getByRole('button', { name: 'Scroll New Releases right' });

    scrollTo(0);
    expect(left()).toBeDisabled();
    expect(right()).toBeEnabled();

    scrollTo(500);
    expect(left()).toBeEnabled();
    expect(right()).toBeEnabled();

    scrollTo(1200);
    expect(left()).toBeEnabled();
    expect(right()).toBeDisabled();
  });

  it('is a labelled, focusable group so arrow keys scroll it too', () => {
    renderCarousel();
    expect(screen.getByRole('group', { name: 'New Releases' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('heading', { level: 2, name: 'New Releases' })).toBeInTheDocument();
  });
});
