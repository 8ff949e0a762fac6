import { CreatorGuidelines } from '@/features/static-pages/components/creator-guidelines';

export default function CreatorGuidelinesRoute() {
  return <CreatorGuidelines />;
}
