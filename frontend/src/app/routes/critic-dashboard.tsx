import { CriticDashboard } from '@/features/critics/components/critic-dashboard';

export default function CriticDashboardRoute() {
  return (
    <>
      <title>Critic Dashboard · Kinora</title>
      <CriticDashboard />
    </>
  );
}
