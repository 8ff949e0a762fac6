import {
  BarChart3,
  DollarSign,
  LayoutDashboard,
  ListChecks,
  Megaphone,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import { PageSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { ADMIN_REDIRECT_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import type { User } from '@/lib/api/types';

import { AdminStatsCard } from './admin-stats-card';
import { AdvertisingPanel } from './advertising-panel';
import { AuditPanel } from './audit-panel';
import { ContentActions, type ContentActionTarget } from './content-actions';
import { CreatorsPanel } from './creators-panel';
import { JobsPanel } from './jobs-panel';
import { PendingUploads, ReviewQueue } from './pending-films';
import { PlatformActivity } from './platform-activity';
import { PlatformOverview } from './platform-overview';
import { PlatformRevenue } from './platform-revenue';
import { ReportsQueue } from './reports-queue';
import { FeedbackEntries, WaitlistEntries } from './signup-lists';
import { UsersPanel } from './users-panel';

const MODERATION_ID = 'content-moderation';

type AdminDashboardProps = {
  /** undefined while loading, null when signed out. */
  user: User | null | undefined;
  /** The critic invitation form: another feature's, so the route passes it in. */
  inviteCritic?: ReactNode;
};

/** Anyone but an admin is told, then sent home. */
function useNonAdminRedirect(denied: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!denied) return;
    toast({
      title: 'Unauthorized',
      description: 'Admin access required. Redirecting...',
      variant: 'destructive',
    });
    const timer = setTimeout(() => navigate(paths.landing), ADMIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);
}

/** /admin: moderation and the platform's back office, for admins only. */
export function AdminDashboard({ user, inviteCritic }: AdminDashboardProps) {
  const [tab, setTab] = useState('overview');
  const denied = user !== undefined && user?.isAdmin !== true;
  const openContentAction = (target: ContentActionTarget) => {
    if (target !== 'moderation') return setTab(target);
    document.getElementById(MODERATION_ID)?.focus();
  };
  useNonAdminRedirect(denied);

  if (user === undefined) return <PageSpinner label="Loading admin dashboard" />;
  if (denied) {
    return (
      <div
        role="alert"
        className="flex min-h-[70dvh] flex-col items-center justify-center gap-3 px-4 pt-16 text-center"
      >
        <ShieldAlert className="size-10 text-red-300" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-fg">Access Denied</h1>
        <p className="text-fg-muted">You don't have permission to access the admin dashboard.</p>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-screen-xl gap-8 px-4 pt-28 pb-20 md:px-8">
      <header>
        <h1 className="flex items-center gap-3 text-3xl font-black text-fg">
          <ShieldCheck className="size-8 text-accent" aria-hidden="true" />
          Admin Dashboard
        </h1>
        <p className="mt-1 text-fg-muted">
          The platform's figures, costs and advertising; review uploads, handle reports, invite critics and
          watch background jobs.
        </p>
      </header>
      <Tabs
        label="Admin sections"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'overview',
            label: 'Overview',
            icon: LayoutDashboard,
            content: (
              <div className="grid gap-6">
                <PlatformOverview />
                <AdminStatsCard />
                <PendingUploads />
              </div>
            ),
          },
          {
            value: 'analytics',
            label: 'Analytics',
            icon: BarChart3,
            content: <PlatformActivity />,
          },
          {
            value: 'content',
            label: 'Content',
            icon: ShieldCheck,
            content: (
              <div className="grid gap-6">
                <ContentActions onOpen={openContentAction} />
                <div id={MODERATION_ID} tabIndex={-1} className="grid scroll-mt-24 gap-6 focus:outline-none">
                  <ReviewQueue />
                  <ReportsQueue />
                </div>
                {inviteCritic}
                <div className="grid gap-6 lg:grid-cols-2">
                  <WaitlistEntries />
                  <FeedbackEntries />
                </div>
              </div>
            ),
          },
          {
            value: 'users',
            label: 'Users',
            icon: UserCog,
            content: <UsersPanel />,
          },
          {
            value: 'creators',
            label: 'Creators',
            icon: Users,
            content: <CreatorsPanel />,
          },
          {
            value: 'audit',
            label: 'Audit log',
            icon: ScrollText,
            content: <AuditPanel />,
          },
          {
            value: 'revenue',
            label: 'Revenue',
            icon: DollarSign,
            content: <PlatformRevenue />,
          },
          {
            value: 'advertising',
            label: 'Advertising',
            icon: Megaphone,
            content: <AdvertisingPanel />,
          },
          {
            value: 'jobs',
            label: 'Jobs',
            icon: ListChecks,
            content: <JobsPanel />,
          },
        ]}
      />
    </div>
  );
}
