import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function AboutRoute() {
  return <PagePlaceholder title="About Us" description="Who we are and why we champion generative cinema." />;
}
