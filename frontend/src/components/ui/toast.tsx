import * as ToastPrimitives from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';

import type { ToastVariant } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

export const ToastProvider = ToastPrimitives.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      className={cn(
        'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none',
        'sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-white/10 bg-surface-raised/95 text-fg',
  destructive: 'border-danger/60 bg-danger-deep/95 text-white',
};

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof ToastPrimitives.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitives.Root
      data-variant={variant}
      className={cn(
        'toast group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden',
        'rounded-xl border p-5 pr-9 shadow-2xl shadow-black/60 backdrop-blur-md',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-white/20 px-3 text-sm font-medium',
        'transition-colors hover:bg-white/10',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label="Close notification"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 text-fg-muted opacity-70 transition-opacity',
        'hover:text-fg hover:opacity-100 focus-visible:opacity-100',
        className,
      )}
      toast-close=""
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitives.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn('text-sm opacity-85', className)} {...props} />;
}
