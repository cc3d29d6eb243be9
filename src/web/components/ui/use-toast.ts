import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';

// docs/product.md §Constants: one toast at a time. A new toast replaces the visible one.
export const toastLimit = 1;
// After a toast closes it stays mounted this long so its exit animation can play.
const removeDelayMs = 300;

type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactElement;
}

export interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'add'; toast: ToastEntry }
  | { type: 'update'; id: string; changes: ToastInput }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Pure state transitions of the toast list; an id-less dismiss or remove applies to all. */
export function toastReducer(toasts: readonly ToastEntry[], action: ToastAction): ToastEntry[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...toasts].slice(0, toastLimit);
    case 'update':
      return toasts.map((t) => (t.id === action.id ? { ...t, ...action.changes } : t));
    case 'dismiss':
      return toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : toasts.filter((t) => t.id !== action.id);
  }
}

let toasts: ToastEntry[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

function dispatch(action: ToastAction): void {
  toasts = toastReducer(toasts, action);
  for (const listener of listeners) listener();
}

function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
  setTimeout(() => dispatch({ type: 'remove', id }), removeDelayMs);
}

/** Shows a toast (replacing the visible one); the Toaster closes it after 5000 ms. */
export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (changes: ToastInput) => void } {
  nextId += 1;
  const id = String(nextId);
  dispatch({ type: 'add', toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes) => dispatch({ type: 'update', id, changes }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getToasts = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getToasts, getToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
