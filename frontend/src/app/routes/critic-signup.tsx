import { PagePlaceholder } from '@/components/layout/page-placeholder';

export default function CriticSignupRoute() {
  return (
    <PagePlaceholder title="Critic Invitation" description="Accept your invitation to review on Kinora." />
  );
}
