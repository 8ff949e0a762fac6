import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';

import { TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, reducer, toast } from './use-toast';

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the notification constants of docs/ui.md', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
    expect(TOAST_DURATION).toBe(5000);
  });

  it('shows at most one toast: a second one replaces the first', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    expect(screen.getByText('First')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Second', description: 'two' });
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('hides a toast after 5000 ms by default', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION - 100));
    expect(screen.getByText('Saved')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('can be dismissed and updated from outside React', () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Uploading' });
    });
    act(() => handle?.update({ title: 'Uploaded' }));
    expect(screen.getByText('Uploaded')).toBeInTheDocument();

    act(() => handle?.dismiss());
    expect(screen.queryByText('Uploaded')).not.toBeInTheDocument();
  });

  it('renders the destructive variant', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Logout failed', variant: 'destructive' });
    });
    expect(screen.getByText('Logout failed').closest('[data-variant]')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
  });

  it('keeps the newest toast first when trimming to the limit', () => {
    const base = { open: true, onOpenChange: () => {} };
    const state = reducer(
      { toasts: [{ id: '1', title: 'old', ...base }] },
      { type: 'ADD_TOAST', toast: { id: '2', title: 'new', ...base } },
    );
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });
});
