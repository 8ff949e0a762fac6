import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { SIGNED_OUT_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';

/**
 * A members-only screen (/profile, /history) tells a signed-out visitor ('Unauthorized' with
 * `description`) and sends them to sign in after SIGNED_OUT_REDIRECT_MS.
 */
export function useSignedOutRedirect(signedOut: boolean, description: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedOut) return;
    toast({ title: 'Unauthorized', description, variant: 'destructive' });
    const timer = setTimeout(() => navigate(paths.auth), SIGNED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedOut, description, navigate]);
}
