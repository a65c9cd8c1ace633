import { createStore } from './store';

export type ToastVariant = 'default' | 'info' | 'success' | 'error' | 'warning';

export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** One follow-up action, e.g. 'Open meeting'. */
  action?: ToastAction;
}

export interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  action?: ToastAction;
  open: boolean;
}

/** Spec 1 §9: one toast visible at a time, 5000 ms, swipe threshold 50, hotkey F8. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export const toastStore = createStore<ToastItem[]>([]);
let nextId = 1;

/** Show a toast. A new toast replaces the one on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    action: input.action,
    open: true,
  };
  toastStore.set((list) => [item, ...list].slice(0, TOAST_LIMIT));
  return item.id;
}

export function dismissToast(id?: number): void {
  toastStore.set((list) =>
    list.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  );
}

export function removeToast(id: number): void {
  toastStore.set((list) => list.filter((t) => t.id !== id));
}
