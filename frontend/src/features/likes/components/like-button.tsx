import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';

import { useLikeCount, useMyLikes } from '../api/get-my-likes';
import { useToggleLike } from '../api/toggle-like';

export type LikeViewer = {
  /** Signed in; null while the auth check is still loading. */
  signedIn: boolean | null;
};

type LikeButtonProps = LikeViewer & {
  film: { id: number; title: string };
  /** card: the heart on a film card; page: a button with the like count; player: the overlay's button. */
  variant: 'card' | 'page' | 'player';
  className?: string;
};

/** The like state of one film for the viewer, and the action that toggles it (visitors go to /auth). */
function useLikeToggle(filmId: number, signedIn: boolean | null) {
  const navigate = useNavigate();
  const likes = useMyLikes({ enabled: signedIn === true });
  const toggleLike = useToggleLike();
  const liked = signedIn === true && (likes.data?.filmIds.includes(filmId) ?? false);

  const toggle = () => {
    if (signedIn === null) return;
    if (!signedIn) {
      void navigate(paths.auth);
      return;
    }
    toggleLike.mutate({ filmId, liked: !liked });
  };
  return { liked, toggle };
}

/** Like or unlike a film: the heart shows the signed-in member's own likes. */
export function LikeButton({ film, signedIn, variant, className }: LikeButtonProps) {
  const { liked, toggle } = useLikeToggle(film.id, signedIn);
  const label = liked ? `Unlike ${film.title}` : `Like ${film.title}`;
  const heart = <Heart className={cn('size-4', liked && 'fill-current')} aria-hidden="true" />;

  if (variant === 'card') {
    return (
      <button
        type="button"
        onClick={toggle}
        aria-label={label}
        aria-pressed={liked}
        title={liked ? 'Unlike' : 'Like'}
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-full backdrop-blur-sm transition',
          liked
            ? 'bg-rose-500/90 text-white'
            : 'bg-black/60 text-white/85 hover:bg-black/80 hover:text-white',
          className,
        )}
      >
        {heart}
      </button>
    );
  }

  return (
    <Button
      type="button"
      variant={variant === 'player' ? 'secondary' : 'outline'}
      size={variant === 'player' ? 'sm' : 'lg'}
      onClick={toggle}
      aria-label={label}
      aria-pressed={liked}
      className={cn(liked && 'border-rose-400/60 text-rose-300', className)}
    >
      {heart}
      {liked ? 'Liked' : 'Like'}
      {variant === 'page' ? <LikeCount filmId={film.id} /> : null}
    </Button>
  );
}

function LikeCount({ filmId }: { filmId: number }) {
  const count = useLikeCount(filmId);
  if (!count.data) return null;
  return (
    <span
      data-testid="like-count"
      title={`${count.data.likeCount} ${count.data.likeCount === 1 ? 'like' : 'likes'}`}
      className="rounded-full bg-white/10 px-2 py-0.5 text-xs tabular-nums"
    >
      {formatCount(count.data.likeCount)}
    </span>
  );
}
