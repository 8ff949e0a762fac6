import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useUser } from '@/features/auth/api/get-user';
import { InviteCriticForm } from '@/features/critics/components/invite-critic-form';

/** /admin, with the critic invitation form (the critics feature's) composed into the Content tab. */
export default function AdminRoute() {
  const user = useUser();
  return (
    <>
      <title>Admin Dashboard · Kinora</title>
      <AdminDashboard
        user={user.isPending ? undefined : (user.data ?? null)}
        inviteCritic={<InviteCriticForm />}
      />
    </>
  );
}
