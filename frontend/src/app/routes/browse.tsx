import { BrowseFilms } from '@/features/films/components/browse-films';

/** /browse: filters in the query string (q, genre, language, sort). */
export default function BrowseRoute() {
  return <BrowseFilms />;
}
