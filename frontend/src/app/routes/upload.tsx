import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function UploadRoute() {
  return <PagePlaceholder title="Upload" description="Share your work with the Kinora audience." />;
}
