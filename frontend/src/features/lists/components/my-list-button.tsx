import { Check, Plus } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { useList } from '../api/get-list';
import { type ListFilm, useToggleListEntry } from '../api/toggle-list-entry';

type MyListButtonProps = {
  film: ListFilm;
  /** page: the film page's hero; player: the player overlay. */
  variant: 'page' | 'player';
  className?: string;
};

/** My List (signed-in members only): toggles the film's place on the member's watchlist. */
export function MyListButton({ film, variant, className }: MyListButtonProps) {
  const watchlist = useList('watchlist', { enabled: true });
  const toggle = useToggleListEntry();
  const inList = watchlist.data?.some((entry) => entry.filmId === film.id) ?? false;

  return (
    <Button
      type="button"
      variant={variant === 'player' ? 'secondary' : 'outline'}
      size={variant === 'player' ? 'sm' : 'lg'}
      aria-pressed={inList}
      disabled={watchlist.isPending}
      onClick={() => toggle.mutate({ film, listType: 'watchlist', add: !inList })}
      className={cn(inList && 'border-accent/60 text-accent', className)}
    >
      {inList ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Plus className="size-4" aria-hidden="true" />
      )}
      My List
    </Button>
  );
}
