import { useEffect, useRef } from 'react';

import { PLAYER_SEEK_STEP_S, PLAYER_VOLUME_STEP } from '@/config/constants';

import { isRange, isTextEntry } from '../components/player-parts';

type PlayerKeyActions = {
  onClose: () => void;
  togglePlay: () => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  seekBy: (seconds: number) => void;
  /** Changes the volume by `delta` (±PLAYER_VOLUME_STEP). */
  stepVolume: (delta: number) => void;
  /** A key was handled: the controls show. */
  revealControls: () => void;
};

/**
 * The player's keys (docs/playback-and-media.md): Escape closes, Space (or K) plays/pauses, M mutes,
 * F toggles fullscreen, ←/→ seek 10 s, ↑/↓ change the volume; Tab shows the controls (the overlay's
 * FocusScope keeps focus inside). Keys typed into a text field, or pressed in an open menu (its
 * arrows, type-ahead, Escape), are left alone. While `locked` (an ad break holds the film) only
 * Escape and Tab act: nothing reaches the film, and Space presses the focused ad button.
 *
 * They are read on the document's capture phase, before the focused control's own handlers: Space
 * or ↓ on a menu's button plays or turns down as on any other control, and the menu, seeing the key
 * taken (defaultPrevented), does not open.
 */
export function usePlayerKeys(locked: boolean, actions: PlayerKeyActions) {
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextEntry(event.target) || inMenu(event.target)) return;
      const act = actionsRef.current;
      if (event.key === 'Escape') {
        event.preventDefault();
        act.onClose();
        return;
      }
      if (event.key === 'Tab') {
        act.revealControls();
        return;
      }
      if (locked) return;
      switch (event.key) {
        case ' ':
        case 'Spacebar':
        case 'k':
        case 'K':
          act.togglePlay();
          break;
        case 'm':
        case 'M':
          act.toggleMute();
          break;
        case 'f':
        case 'F':
          act.toggleFullscreen();
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
          if (isRange(event.target)) return;
          act.seekBy(event.key === 'ArrowLeft' ? -PLAYER_SEEK_STEP_S : PLAYER_SEEK_STEP_S);
          break;
        case 'ArrowUp':
        case 'ArrowDown':
          if (isRange(event.target)) return;
          act.stepVolume(event.key === 'ArrowUp' ? PLAYER_VOLUME_STEP : -PLAYER_VOLUME_STEP);
          break;
        default:
          return;
      }
      event.preventDefault();
      act.revealControls();
    };
    // A focused button would also "click" on Space's keyup: the keydown above already toggled.
    const onKeyUp = (event: KeyboardEvent) => {
      if (!locked && event.key === ' ' && !isTextEntry(event.target)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown, { capture: true });
    document.addEventListener('keyup', onKeyUp);
    return () => {
      document.removeEventListener('keydown', onKeyDown, { capture: true });
      document.removeEventListener('keyup', onKeyUp);
    };
  }, [locked]);
}

const inMenu = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="menu"]') !== null;
