import { Check, Gauge, Subtitles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

import type { SubtitleTrack } from '../hooks/use-hls-source';

/** The playback speeds the speed menu offers. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export const formatRate = (rate: number) => (rate === 1 ? 'Normal' : `${rate}×`);

type Option = { value: number; label: string };

const itemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);

/**
 * A player control that opens a menu of choices (one is checked), above the control bar. Its keys stay
 * its own: arrows move, Enter or Space choose, Escape closes the menu, not the player.
 */
function PlayerMenu({
  label,
  icon,
  badge,
  options,
  value,
  onSelect,
}: {
  label: string;
  icon: ReactNode;
  badge?: string;
  options: Option[];
  value: number;
  onSelect: (value: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menuRef.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    const onPointerDown = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const choose = (next: number) => {
    onSelect(next);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      case 'Enter':
      case ' ': {
        const chosen = options[index];
        if (chosen) choose(chosen.value);
        break;
      }
      case 'ArrowLeft':
      case 'ArrowRight':
        break;
      default:
        return;
    }
    // The player listens for these keys on the document: inside the menu they are the menu's.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((current) => !current)}
        className={cn(
          'relative inline-flex h-10 min-w-10 shrink-0 items-center justify-center rounded-full px-2 text-white/90 transition hover:bg-white/15 hover:text-white [&_svg]:pointer-events-none',
          open && 'bg-white/15',
        )}
      >
        {icon}
        {badge ? <span className="ml-1 text-xs font-semibold tabular-nums">{badge}</span> : null}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="absolute right-0 bottom-12 z-10 min-w-40 rounded-xl border border-white/10 bg-black/90 p-1 shadow-2xl backdrop-blur"
        >
          {options.map((option) => {
            const checked = option.value === value;
            return (
              <button
                key={option.value}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                onClick={() => choose(option.value)}
                className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-white/85 outline-none hover:bg-white/10 focus-visible:bg-white/15"
              >
                <Check className={cn('size-4', checked ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                {option.label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

/** CC: the stream's subtitle tracks and Off. Shown only when the stream has subtitle tracks. */
export function CaptionsMenu({
  tracks,
  active,
  onSelect,
}: {
  tracks: SubtitleTrack[];
  active: number;
  onSelect: (id: number) => void;
}) {
  if (tracks.length === 0) return null;
  return (
    <PlayerMenu
      label="Subtitles"
      icon={<Subtitles className={cn('size-5', active >= 0 && 'text-accent')} />}
      options={[
        { value: -1, label: 'Off' },
        ...tracks.map((track) => ({ value: track.id, label: track.label })),
      ]}
      value={active}
      onSelect={onSelect}
    />
  );
}

/** Playback speed, 0.5× to 2×. */
export function SpeedMenu({ rate, onSelect }: { rate: number; onSelect: (rate: number) => void }) {
  return (
    <PlayerMenu
      label="Playback speed"
      icon={<Gauge className="size-5" />}
      badge={rate === 1 ? undefined : `${rate}×`}
      options={PLAYBACK_RATES.map((value) => ({ value, label: formatRate(value) }))}
      value={rate}
      onSelect={onSelect}
    />
  );
}
