import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function CreatorGuidelinesRoute() {
  return (
    <PagePlaceholder
      title="Creator Guidelines"
      description="Originality, safety and fair play for creators."
    />
  );
}
