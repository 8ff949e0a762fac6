import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function PrivacyRoute() {
  return (
    <PagePlaceholder title="Privacy Policy" description="What we collect, why, and the rights you have." />
  );
}
