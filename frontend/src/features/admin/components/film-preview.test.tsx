import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { FilmPreview } from './film-preview';

const hls = vi.hoisted(() => ({
  loaded: [] as string[],
  attached: [] as HTMLMediaElement[],
  destroyed: 0,
  onError: null as null | ((event: string, data: { fatal: boolean }) => void),
}));

vi.mock('hls.js/light', () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    on(_event: string, handler: (event: string, data: { fatal: boolean }) => void) {
      hls.onError = handler;
    }
    loadSource(src: string) {
      hls.loaded.push(src);
    }
    attachMedia(media: HTMLMediaElement) {
      hls.attached.push(media);
    }
    destroy() {
      hls.destroyed += 1;
    }
  },
}));

describe('FilmPreview', () => {
  beforeEach(() => {
    hls.loaded = [];
    hls.attached = [];
    hls.destroyed = 0;
    hls.onError = null;
  });

  it('loads nothing until Preview is pressed, then plays the HLS playlist in a video', async () => {
    const view = render(
      <FilmPreview title="Fractal Tide" videoUrl="/media/films/21/master.m3u8" posterUrl={null} />,
    );
    expect(screen.queryByLabelText('Preview of Fractal Tide')).not.toBeInTheDocument();
    expect(hls.loaded).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Preview Fractal Tide' }));
    const video = screen.getByLabelText('Preview of Fractal Tide');
    await vi.waitFor(() => expect(hls.loaded).toEqual(['/media/films/21/master.m3u8']));
    expect(hls.attached).toEqual([video]);

    view.unmount();
    expect(hls.destroyed).toBe(1);
  });

  it('says so when the stream cannot be loaded', async () => {
    render(<FilmPreview title="Fractal Tide" videoUrl="/media/films/21/master.m3u8" posterUrl={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview Fractal Tide' }));
    await vi.waitFor(() => expect(hls.onError).not.toBeNull());
    act(() => hls.onError?.('hlsError', { fatal: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('The video stream could not be loaded.');
  });

  it('has nothing to preview without a video', () => {
    render(<FilmPreview title="Fractal Tide" videoUrl={null} posterUrl={null} />);
    expect(screen.getByText('No video to preview yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
