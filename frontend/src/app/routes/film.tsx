import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function FilmRoute() {
  return <PagePlaceholder title="Film Details" description="Watch, review and save films." />;
}
