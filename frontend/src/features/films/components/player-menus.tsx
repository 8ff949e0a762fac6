import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Gauge, Subtitles } from 'lucide-react';
import type { ReactNode } from 'react';

import { useTabClosingMenu } from '@/hooks/use-tab-closing-menu';
import { cn } from '@/lib/utils';

import type { SubtitleTrack } from '../hooks/use-hls-source';

/** The playback speeds the speed menu offers. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export const formatRate = (rate: number) => (rate === 1 ? 'Normal' : `${rate}×`);

type Option = { value: number; label: string };

/**
 * A player control that opens a menu of choices (one is checked), above the control bar (Radix
 * DropdownMenu: arrows, Home/End and type-ahead move, Enter or Space choose, Escape closes the menu,
 * not the player, and focus goes back to the control). The player leaves keys pressed inside a menu
 * to it (use-player-keys.ts). The menu stays inside the player, so it shows in full screen too.
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
  // The checked choice takes focus on opening, however the menu was opened.
  const { open, triggerRef, rootProps, contentProps } = useTabClosingMenu('[aria-checked="true"]');

  return (
    <DropdownMenu.Root {...rootProps}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        aria-label={label}
        title={label}
        className={cn(
          'relative inline-flex h-10 min-w-10 shrink-0 items-center justify-center rounded-full px-2 text-white/90 transition hover:bg-white/15 hover:text-white [&_svg]:pointer-events-none',
          open && 'bg-white/15',
        )}
      >
        {icon}
        {badge ? <span className="ml-1 text-xs font-semibold tabular-nums">{badge}</span> : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        aria-label={label}
        side="top"
        align="end"
        sideOffset={8}
        loop
        {...contentProps}
        className="z-10 min-w-40 rounded-xl border border-white/10 bg-black/90 p-1 shadow-2xl backdrop-blur"
      >
        <DropdownMenu.RadioGroup value={String(value)} onValueChange={(next) => onSelect(Number(next))}>
          {options.map((option) => (
            <DropdownMenu.RadioItem
              key={option.value}
              value={String(option.value)}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-white/85 outline-none hover:bg-white/10 focus-visible:bg-white/15"
            >
              <Check
                className={cn('size-4', option.value === value ? 'opacity-100' : 'opacity-0')}
                aria-hidden="true"
              />
              {option.label}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
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
