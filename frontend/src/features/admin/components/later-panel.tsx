import type { LucideIcon } from 'lucide-react';

import { EmptyState } from '@/components/ui/empty-state';

/** A tab whose figures come from a later part of the platform: says so, shows no numbers. */
export function LaterPanel({ icon, title, hint }: { icon: LucideIcon; title: string; hint: string }) {
  return <EmptyState icon={icon} title={title} hint={hint} />;
}
