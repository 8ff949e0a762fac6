import { PagePlaceholder } from '@/components/layout/page-placeholder';
import { useUser } from '@/features/auth/api/get-user';
import { InviteCriticForm } from '@/features/critics/components/invite-critic-form';

export default function AdminRoute() {
  const isAdmin = useUser().data?.isAdmin === true;
  return (
    <>
      <PagePlaceholder
        title="Admin Dashboard"
        description="Moderation, platform metrics, costs and advertising."
      />
      {isAdmin ? (
        <div className="mx-auto w-full max-w-3xl px-4 pb-16">
          <InviteCriticForm />
        </div>
      ) : null}
    </>
  );
}
