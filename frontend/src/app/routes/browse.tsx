import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function BrowseRoute() {
  return (
    <PagePlaceholder
      title="Browse Films"
      description="Search and filter the catalogue by genre, language and more."
    />
  );
}
