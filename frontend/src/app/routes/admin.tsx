import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function AdminRoute() {
  return (
    <PagePlaceholder
      title="Admin Dashboard"
      description="Moderation, platform metrics, costs and advertising."
    />
  );
}
