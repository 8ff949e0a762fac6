import { Link } from 'react-router-dom';

import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown to signed-in members without a creator profile: the studio is for creators. */
export function BecomeCreatorNotice({ what }: { what: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-white/10 bg-white/[0.03] px-6 py-8 text-center">
      <p className="text-lg font-semibold text-fg">{what} is for creators</p>
      <p className="mt-1 text-fg-muted">Set up your creator profile first; it takes a minute.</p>
      <Link to={paths.creatorOnboarding} className={buttonClasses({ className: 'mt-5' })}>
        Become a creator
      </Link>
    </div>
  );
}
