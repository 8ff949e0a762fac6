import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function ProfileRoute() {
  return (
    <PagePlaceholder
      title="My List & Profile"
      description="Your saved films, viewing progress and account."
    />
  );
}
