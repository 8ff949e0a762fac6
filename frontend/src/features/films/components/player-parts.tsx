import type { ReactNode } from 'react';

/** Small pieces of the player overlay (film-player.tsx). */

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Keys typed into a text field belong to the field, not to the player. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

export const isRange = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && target.type === 'range';

export const roundVolume = (value: number) => Math.min(1, Math.max(0, Math.round(value * 10) / 10));

export const FOCUSABLE = 'button:not([disabled]):not([tabindex="-1"]), input:not([disabled]), [href]';

export function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white/90 transition hover:bg-white/15 hover:text-white [&_svg]:pointer-events-none"
    >
      {children}
    </button>
  );
}

/** Shown instead of a video when the film has none yet. */
export function DemoPlaceholder({ title, creatorName }: { title: string; creatorName: string }) {
  return (
    <div
      data-testid="player-demo"
      className="absolute inset-0 flex animate-gradient-pan items-center justify-center bg-[linear-gradient(120deg,#1e1b4b,#7c2d12,#0f766e,#581c87,#1e1b4b)] bg-[length:400%_400%]"
    >
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,transparent_30%,rgb(0_0_0/0.65))]" />
      <div className="relative mx-4 max-w-lg text-center">
        <p className="text-sm font-semibold tracking-[0.2em] text-white/70 uppercase">{creatorName}</p>
        <p className="mt-3 text-4xl font-black tracking-tight text-balance md:text-6xl">{title}</p>
        <p className="mt-6 inline-flex rounded-full border border-white/20 bg-black/40 px-4 py-2 text-sm font-medium text-white/85 backdrop-blur">
          Demo preview — this film has no video yet
        </p>
      </div>
    </div>
  );
}
