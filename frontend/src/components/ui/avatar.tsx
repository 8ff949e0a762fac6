import { useState } from 'react';

import { cn } from '@/lib/utils';

type AvatarProps = {
  src?: string | null;
  initials: string;
  className?: string;
  /** Size and initials text classes (kept apart so larger avatars don't fight the defaults). */
  size?: string;
};

/** A round picture with an initials fallback (also used when the picture fails to load). */
export function Avatar({ src, initials, className, size = 'size-9 text-sm' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;

  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
        'bg-gradient-to-br from-accent to-amber-700 font-bold text-accent-fg',
        size,
        className,
      )}
    >
      {showImage && src ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span aria-hidden="true" data-testid="avatar-initials">
          {initials}
        </span>
      )}
    </span>
  );
}
