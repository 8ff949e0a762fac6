import type { ReactNode } from 'react';

import { LoadErrorAlert } from '@/components/ui/load-error-screen';
import { SkeletonList } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import type { PlatformAnalytics } from '@/lib/api/types';

import { usePlatformAnalytics } from '../api/get-platform-analytics';

const errorText = (error: unknown) => {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) {
    return 'Platform figures are for admins only. Sign in again as an admin.';
  }
  return 'Platform figures could not be loaded right now. Try again in a moment.';
};

/**
 * The platform's figures once loaded: skeleton blocks while loading (`skeleton` of them), the
 * reason and Try again when the call failed.
 */
export function PlatformAnalyticsState({
  label,
  skeleton = 2,
  children,
}: {
  /** What is loading, for assistive technology. */
  label: string;
  skeleton?: number;
  children: (analytics: PlatformAnalytics) => ReactNode;
}) {
  const analytics = usePlatformAnalytics();
  if (analytics.isPending) {
    return (
      <SkeletonList
        label={label}
        count={skeleton}
        className="grid gap-4 sm:grid-cols-2"
        itemClassName="h-32 rounded-2xl"
      />
    );
  }
  if (analytics.isError) {
    return <LoadErrorAlert message={errorText(analytics.error)} onRetry={() => void analytics.refetch()} />;
  }
  return <>{children(analytics.data)}</>;
}
