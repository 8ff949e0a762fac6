import { useState } from 'react';

import { cn } from '@/lib/utils';

type AvatarProps = {
  src?: string | null;
  initials: string;
  className?: string;
};

/** A round picture with an initials fallback (also used when the picture fails to load). */
export function Avatar({ src, initials, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;

  return (
    <span
      className={cn(
        'relative inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full',
        'bg-gradient-to-br from-accent to-amber-700 text-sm font-bold text-accent-fg',
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
