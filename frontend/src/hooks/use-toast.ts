/**
 * Notification store (shadcn/ui pattern on @radix-ui/react-toast):
 * at most one visible, removed 1000000 ms after dismissal, shown for 5000 ms by default.
 * `toast()` is a plain function, usable outside React (mutation callbacks, the fetch layer).
 */
import { useEffect, useState, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1000000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before auto-dismissal; defaults to {@link TOAST_DURATION}. */
  duration?: number;
  action?: ReactNode;
};

export type ToasterToast = ToastInput & {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

type State = { toasts: ToasterToast[] };

let count = 0;
const genId = () => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
};

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

const addToRemoveQueue = (toastId: string) => {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
};

export const reducer = (state: State, action: Action): State => {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      if (toastId) addToRemoveQueue(toastId);
      else state.toasts.forEach((t) => addToRemoveQueue(t.id));
      return {
        ...state,
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
};

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

export function toast(input: ToastInput) {
  const id = genId();
  const update = (props: Partial<ToastInput>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...props, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });

  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

export function dismissToast(toastId?: string) {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

/** Test helper: forget every toast and pending removal. */
export function resetToasts() {
  removeTimeouts.forEach((timeout) => clearTimeout(timeout));
  removeTimeouts.clear();
  dispatch({ type: 'REMOVE_TOAST' });
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);

  useEffect(() => {
    listeners.add(setState);
    // The store may have changed between the first render and this subscription.
    setState(memoryState);
    return () => {
      listeners.delete(setState);
    };
  }, []);

  return { ...state, toast, dismiss: dismissToast };
}
