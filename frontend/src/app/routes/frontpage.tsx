import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function FrontpageRoute() {
  return <PagePlaceholder title="Front Page" description="The Kinora front page." />;
}
