import { BrowseFilms } from '@/features/films/components/browse-films';

/** /browse (SPEC §2): filters in the query string (q, genre, language, sort). */
export default function BrowseRoute() {
  return <BrowseFilms />;
}
