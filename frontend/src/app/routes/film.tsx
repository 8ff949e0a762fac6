import { useParams } from 'react-router-dom';

import { FilmDetail, FilmNotFound } from '@/features/films/components/film-detail';
import { parsePositiveId } from '@/lib/route-params';

/** /film/{id}: loads only for a positive integer id; anything else is 'Film Not Found'. */
export default function FilmRoute() {
  const id = parsePositiveId(useParams().id);
  if (id === null) return <FilmNotFound />;
  return <FilmDetail key={id} filmId={id} />;
}
