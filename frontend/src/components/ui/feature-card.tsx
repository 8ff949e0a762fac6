import type { LucideIcon } from 'lucide-react';

import { cn } from '@/lib/utils';

const SIZES = {
  sm: {
    card: 'rounded-2xl bg-white/[0.03] p-5',
    badge: 'mb-3 size-10 rounded-xl bg-accent/15',
    icon: 'size-5',
    title: 'font-semibold',
    text: 'mt-1 text-sm',
  },
  md: {
    card: 'rounded-3xl bg-gradient-to-b from-white/[0.07] to-white/[0.02] p-7 transition-colors hover:border-accent/40',
    badge: 'mb-5 size-12 rounded-2xl bg-accent/10 ring-1 ring-accent/30',
    icon: 'size-6',
    title: 'text-lg leading-snug font-bold',
    text: 'mt-3 text-sm leading-relaxed',
  },
  lg: {
    card: 'group rounded-3xl bg-gradient-to-b from-white/[0.07] to-white/[0.02] p-8 transition-colors hover:border-accent/40',
    badge:
      'mb-6 size-12 rounded-2xl bg-accent/10 ring-1 ring-accent/30 transition-colors group-hover:bg-accent/20',
    icon: 'size-6',
    title: 'text-xl font-bold',
    text: 'mt-3 leading-relaxed',
  },
} as const;

interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  text: string;
  size?: keyof typeof SIZES;
}

/** An icon, a title and a line of text: the feature and value cards of the landing, waitlist and onboarding. */
export function FeatureCard({ icon: Icon, title, text, size = 'md' }: FeatureCardProps) {
  const style = SIZES[size];
  return (
    <li className={cn('border border-white/10', style.card)}>
      <span className={cn('inline-flex items-center justify-center text-accent', style.badge)}>
        <Icon className={style.icon} aria-hidden="true" />
      </span>
      <h3 className={cn('text-fg', style.title)}>{title}</h3>
      <p className={cn('text-fg-muted', style.text)}>{text}</p>
    </li>
  );
}
