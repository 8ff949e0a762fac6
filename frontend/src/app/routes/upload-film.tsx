import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function UploadFilmRoute() {
  return <PagePlaceholder title="Upload Film" description="Submit a film for review." />;
}
