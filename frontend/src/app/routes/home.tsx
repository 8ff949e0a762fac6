import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function HomeRoute() {
  return (
    <PagePlaceholder
      title="Home"
      description="New releases, trending films, critics and creators in one place."
    />
  );
}
