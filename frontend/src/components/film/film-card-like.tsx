import { createContext, useContext, type ReactNode } from 'react';

import type { Film } from '@/lib/api/types';

/** Renders a film card's like control; the app provides it (likes are a feature, the card is shared). */
export type RenderFilmCardLike = (film: Pick<Film, 'id' | 'title'>) => ReactNode;

const FilmCardLikeContext = createContext<RenderFilmCardLike | null>(null);

export function FilmCardLikeProvider({
  render,
  children,
}: {
  render: RenderFilmCardLike;
  children: ReactNode;
}) {
  return <FilmCardLikeContext.Provider value={render}>{children}</FilmCardLikeContext.Provider>;
}

/** The card's like control, or nothing where no provider is given. */
export const useFilmCardLike = (): RenderFilmCardLike | null => useContext(FilmCardLikeContext);
