import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function TermsRoute() {
  return <PagePlaceholder title="Terms of Service" description="The terms that govern your use of Kinora." />;
}
