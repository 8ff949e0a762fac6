import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeFilm } from '@/testing/fixtures';
import { noAdBreaksHandlers, settlePlayer } from '@/testing/ads';
import { stubMediaElement } from '@/testing/media';
import { mockFetch } from '@/testing/mock-fetch';
import { withQueryClient } from '@/testing/test-utils';
import { unmountThenUnstubGlobals, viewingSessionHandlers } from '@/testing/viewing-session';

import { FilmPlayer } from './film-player';

type Listener = (event: string, data: unknown) => void;

const hls = vi.hoisted(() => {
  const Events = {
    ERROR: 'hlsError',
    SUBTITLE_TRACKS_UPDATED: 'hlsSubtitleTracksUpdated',
    SUBTITLE_TRACK_SWITCH: 'hlsSubtitleTrackSwitch',
  };
  const instances: { build: string; hls: FakeHls }[] = [];
  class FakeHls {
    static isSupported = () => true;
    static Events = Events;
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    listeners = new Map<string, Listener[]>();
    subtitleTracks: { name: string; lang: string }[] = [];
    subtitleTrack = -1;
    subtitleDisplay = false;
    loadSource = vi.fn();
    attachMedia = vi.fn();
    destroy = vi.fn();
    recoverMediaError = vi.fn();
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    emit(event: string, data: unknown) {
      for (const listener of this.listeners.get(event) ?? []) listener(event, data);
    }
  }
  const build = (name: string) =>
    class extends FakeHls {
      constructor() {
        super();
        instances.push({ build: name, hls: this });
      }
    };
  return { instances, Full: build('full'), Light: build('light'), Events };
});

vi.mock('hls.js', () => ({ default: hls.Full }));
vi.mock('hls.js/light', () => ({ default: hls.Light }));

const captioned = makeFilm({
  title: 'Nebula Dreams',
  videoUrl: '/media/films/1/master.m3u8',
  captions: [
    { language: 'en', label: 'English' },
    { language: 'fr', label: 'Français' },
  ],
});

/** Lets the lazily imported hls.js module and the (empty) ad placements arrive. */
const flushImport = () => settlePlayer();
const video = () => screen.getByTestId('film-video') as HTMLVideoElement;

describe('player menus', () => {
  beforeEach(() => {
    hls.instances.length = 0;
    stubMediaElement();
    mockFetch({ ...viewingSessionHandlers(), ...noAdBreaksHandlers(captioned.id) });
  });

  afterEach(unmountThenUnstubGlobals);

  it("offers the stream's subtitle tracks in a CC menu, with Off", async () => {
    render(<FilmPlayer film={captioned} onClose={vi.fn()} />, { wrapper: withQueryClient() });
    await flushImport();
    const { build, hls: player } = hls.instances[0]!;
    expect(build).toBe('full');
    expect(screen.queryByRole('button', { name: 'Subtitles' })).not.toBeInTheDocument();

    player.subtitleTracks = [
      { name: 'English', lang: 'en' },
      { name: 'Français', lang: 'fr' },
    ];
    act(() => player.emit(hls.Events.SUBTITLE_TRACKS_UPDATED, { subtitleTracks: player.subtitleTracks }));

    await userEvent.click(screen.getByRole('button', { name: 'Subtitles' }));
    const menu = screen.getByRole('menu', { name: 'Subtitles' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toStrictEqual(['Off', 'English', 'Français']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Off' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Français' }));
    expect(player.subtitleTrack).toBe(1);
    expect(player.subtitleDisplay).toBe(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Subtitles' }));
    expect(screen.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Off' }));
    expect(player.subtitleTrack).toBe(-1);
  });

  it('has no CC menu, and the light hls.js build, for a film without captions', async () => {
    render(<FilmPlayer film={{ ...captioned, captions: [] }} onClose={vi.fn()} />, {
      wrapper: withQueryClient(),
    });
    await flushImport();

    expect(hls.instances[0]!.build).toBe('light');
    expect(screen.queryByRole('button', { name: 'Subtitles' })).not.toBeInTheDocument();
  });

  it('sets the playback speed from 0.5× to 2×, and Escape closes the menu, not the player', async () => {
    const onClose = vi.fn();
    render(<FilmPlayer film={captioned} onClose={onClose} />, { wrapper: withQueryClient() });
    await flushImport();

    await userEvent.click(screen.getByRole('button', { name: 'Playback speed' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toStrictEqual([
      '0.5×',
      '0.75×',
      'Normal',
      '1.25×',
      '1.5×',
      '2×',
    ]);
    expect(screen.getByRole('menuitemradio', { name: 'Normal' })).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(video().playbackRate).toBe(2);
    expect(screen.getByRole('button', { name: 'Playback speed' })).toHaveTextContent('2×');

    await userEvent.click(screen.getByRole('button', { name: 'Playback speed' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Playback speed' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: '0.5×' }));
    expect(video().playbackRate).toBe(0.5);
  });
  it("moves with the arrows, Home, End and type-ahead; keys in the menu are not the player's", async () => {
    const onClose = vi.fn();
    render(<FilmPlayer film={captioned} onClose={onClose} />, { wrapper: withQueryClient() });
    await flushImport();
    const trigger = screen.getByRole('button', { name: 'Playback speed' });
    const item = (name: string) => screen.getByRole('menuitemradio', { name });

    act(() => trigger.focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Playback speed' })).toBeInTheDocument();
    expect(item('Normal')).toHaveFocus();

    await userEvent.keyboard('{Home}');
    expect(item('0.5×')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(item('2×')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('0.5×')).toHaveFocus();
    await userEvent.keyboard('n');
    await waitFor(() => expect(item('Normal')).toHaveFocus());

    // The player's own keys do nothing while they go to the menu.
    await userEvent.keyboard('{ArrowLeft}{ArrowRight}m');
    expect(video().muted).toBe(false);
    expect(video().currentTime).toBe(0);
    expect(video().playbackRate).toBe(1);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Tab and goes on to the next control; Shift+Tab goes back to its button', async () => {
    render(<FilmPlayer film={captioned} onClose={vi.fn()} />, { wrapper: withQueryClient() });
    await flushImport();
    const trigger = screen.getByRole('button', { name: 'Playback speed' });

    await userEvent.click(trigger);
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Full screen' })).toHaveFocus());

    await userEvent.click(trigger);
    await userEvent.tab({ shift: true });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('plays or pauses with Space on a menu button, as on any player control', async () => {
    render(<FilmPlayer film={captioned} onClose={vi.fn()} />, { wrapper: withQueryClient() });
    await flushImport();
    expect(video().paused).toBe(false);

    act(() => screen.getByRole('button', { name: 'Playback speed' }).focus());
    await userEvent.keyboard(' ');

    expect(video().paused).toBe(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
