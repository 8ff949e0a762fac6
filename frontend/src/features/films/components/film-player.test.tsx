import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { hls } from '@/testing/fake-hls';
import { makeFilm } from '@/testing/fixtures';
import { noAdBreaksHandlers, settlePlayer } from '@/testing/ads';
import { stubMediaElement } from '@/testing/media';
import { mockFetch } from '@/testing/mock-fetch';
import { withQueryClient } from '@/testing/test-utils';
import { unmountThenUnstubGlobals, viewingSessionHandlers } from '@/testing/viewing-session';

import { FilmPlayer } from './film-player';

vi.mock('hls.js/light', async () => ({ default: (await import('@/testing/fake-hls')).FakeHls }));

const film = makeFilm({ title: 'Nebula Dreams', videoUrl: '/media/films/1/master.m3u8' });

const renderPlayer = (overrides: Partial<typeof film> = {}, startPosition?: number) => {
  const onClose = vi.fn();
  const view = render(
    <FilmPlayer film={{ ...film, ...overrides }} onClose={onClose} startPosition={startPosition} />,
    { wrapper: withQueryClient() },
  );
  return { ...view, onClose };
};

const video = () => screen.getByTestId('film-video') as HTMLVideoElement;
const dialog = () => screen.getByRole('dialog', { name: 'Playing Nebula Dreams' });
const press = (key: string, target: Element | Document = document.activeElement ?? document.body) =>
  act(() => {
    fireEvent.keyDown(target, { key });
  });
/** Lets the lazily imported hls.js module and the (empty) ad placements arrive. */
const flushImport = () => settlePlayer();

describe('FilmPlayer', () => {
  let media: ReturnType<typeof stubMediaElement>;

  beforeEach(() => {
    hls.instances.length = 0;
    media = stubMediaElement();
    // The player reports its viewing session: answered here, so nothing leaves jsdom.
    mockFetch({ ...viewingSessionHandlers(), ...noAdBreaksHandlers(film.id) });
  });

  afterEach(async () => {
    vi.useRealTimers();
    await unmountThenUnstubGlobals();
  });

  it('plays the HLS master playlist with hls.js, loaded on demand, and starts playing', async () => {
    renderPlayer();
    await flushImport();

    expect(hls.instances).toHaveLength(1);
    expect(hls.instances[0]!.loadSource).toHaveBeenCalledWith('/media/films/1/master.m3u8');
    expect(hls.instances[0]!.attachMedia).toHaveBeenCalledWith(video());
    expect(media.play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('shows a loading spinner until the video can play', async () => {
    renderPlayer();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video');
    await flushImport();

    fireEvent.canPlay(video());
    expect(screen.queryByText('Loading video')).not.toBeInTheDocument();
    fireEvent.waiting(video());
    expect(screen.getByText('Loading video')).toBeInTheDocument();
  });

  it('shows an error when the stream fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPlayer();
    await flushImport();

    act(() => {
      hls.instances[0]!.listeners.get('hlsError')!('hlsError', {
        fatal: true,
        type: 'networkError',
        details: 'manifestLoadError',
      });
    });

    expect(screen.getByRole('alert')).toHaveTextContent("This film can't be played right now.");
    expect(screen.getByRole('alert')).toHaveTextContent('The video stream could not be loaded.');
    expect(hls.instances[0]!.destroy).toHaveBeenCalled();
  });

  it('recovers once from a media error before giving up', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPlayer();
    await flushImport();
    const error = { fatal: true, type: 'mediaError', details: 'bufferStalledError' };

    act(() => hls.instances[0]!.listeners.get('hlsError')!('hlsError', error));
    expect(hls.instances[0]!.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => hls.instances[0]!.listeners.get('hlsError')!('hlsError', error));
    expect(screen.getByRole('alert')).toHaveTextContent('The video could not be decoded.');
  });

  it('closes on Escape', async () => {
    const { onClose } = renderPlayer();
    await flushImport();

    press('Escape');

    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('toggles play with Space', async () => {
    renderPlayer();
    await flushImport();
    expect(video().paused).toBe(false);

    press(' ');
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(video().paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();

    press(' ');
    expect(video().paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('toggles mute with M', async () => {
    renderPlayer();
    await flushImport();

    press('m');
    expect(video().muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('0');

    press('M');
    expect(video().muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveValue('1');
  });

  it('ignores the keys while typing in a text field', async () => {
    const onClose = vi.fn();
    render(
      <>
        <input aria-label="Note" />
        <FilmPlayer film={film} onClose={onClose} />
      </>,
      { wrapper: withQueryClient() },
    );
    await flushImport();
    const input = screen.getByRole('textbox', { name: 'Note' });

    press(' ', input);
    press('m', input);
    press('Escape', input);

    expect(video().paused).toBe(false);
    expect(video().muted).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('has a volume slider from 0 to 1 in steps of 0.1', async () => {
    renderPlayer();
    await flushImport();
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '1');
    expect(slider).toHaveAttribute('step', '0.1');

    fireEvent.change(slider, { target: { value: '0.3' } });
    expect(video().volume).toBeCloseTo(0.3);

    press('ArrowUp');
    expect(video().volume).toBeCloseTo(0.4);
    expect(slider).toHaveValue('0.4');

    for (let i = 0; i < 6; i += 1) press('ArrowDown');
    expect(video().volume).toBe(0);
    expect(video().muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
  });

  it('shows the time as m:ss / m:ss and seeks 10 s back and forward', async () => {
    renderPlayer();
    await flushImport();
    act(() => {
      media.setDuration(video(), 90);
      media.setTime(video(), 5);
    });
    expect(screen.getByTestId('player-time')).toHaveTextContent('0:05 / 1:30');

    fireEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    expect(video().currentTime).toBe(15);
    expect(screen.getByTestId('player-time')).toHaveTextContent('0:15 / 1:30');

    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    expect(video().currentTime).toBe(0);

    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '61' } });
    expect(video().currentTime).toBe(61);
    expect(screen.getByTestId('player-time')).toHaveTextContent('1:01 / 1:30');
  });

  it('hides the controls 3 s after the last mouse movement while playing, and shows them on movement', async () => {
    vi.useFakeTimers();
    renderPlayer();
    await flushImport();
    expect(video().paused).toBe(false);
    expect(dialog()).toHaveAttribute('data-controls-visible', 'true');

    act(() => vi.advanceTimersByTime(2999));
    expect(dialog()).toHaveAttribute('data-controls-visible', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(dialog()).toHaveAttribute('data-controls-visible', 'false');

    fireEvent.mouseMove(dialog());
    expect(dialog()).toHaveAttribute('data-controls-visible', 'true');
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.mouseMove(dialog());
    act(() => vi.advanceTimersByTime(2000));
    expect(dialog()).toHaveAttribute('data-controls-visible', 'true');
    act(() => vi.advanceTimersByTime(1000));
    expect(dialog()).toHaveAttribute('data-controls-visible', 'false');
  });

  it('keeps the controls up while paused', async () => {
    vi.useFakeTimers();
    renderPlayer();
    await flushImport();
    press(' ');
    expect(video().paused).toBe(true);

    act(() => vi.advanceTimersByTime(10_000));

    expect(dialog()).toHaveAttribute('data-controls-visible', 'true');
  });

  it('shows the demo placeholder when the film has no video', () => {
    const { onClose } = renderPlayer({ videoUrl: null });

    expect(screen.getByText('Demo preview — this film has no video yet')).toBeInTheDocument();
    expect(screen.queryByTestId('film-video')).not.toBeInTheDocument();
    expect(hls.instances).toHaveLength(0);

    press('Escape');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes with the close button and gives focus back', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { onClose, unmount } = renderPlayer();
    await flushImport();
    expect(dialog()).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Close player' }));
    expect(onClose).toHaveBeenCalled();

    unmount();
    // Radix's FocusScope gives focus back a moment after the overlay is gone.
    await waitFor(() => expect(opener).toHaveFocus());
    opener.remove();
  });
  it('keeps Tab and Shift+Tab inside the player, going round its controls', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    renderPlayer();
    await flushImport();
    const first = screen.getByRole('button', { name: 'Close player' });
    const last = screen.getByRole('button', { name: 'Full screen' });

    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(first).toHaveFocus();

    for (let i = 0; i < 12; i += 1) {
      await userEvent.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
    expect(opener).not.toHaveFocus();
    opener.remove();
  });
});
