import { useState } from 'react';
import { Toast } from 'radix-ui';
import {
  CircleCheck,
  CircleExclamationPoint,
  Info,
  TriangleExclamationPoint,
  X,
  Bell,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { useStore } from '../lib/store';
import {
  dismissToast,
  removeToast,
  toastStore,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD,
  type ToastItem,
  type ToastVariant,
} from '../lib/toast';

const look: Record<ToastVariant, { icon: LucideIcon; tone: string; bar: string }> = {
  default: { icon: Bell, tone: 'text-muted', bar: 'bg-border-strong' },
  info: { icon: Info, tone: 'text-info', bar: 'bg-info' },
  success: { icon: CircleCheck, tone: 'text-success', bar: 'bg-success' },
  error: { icon: CircleExclamationPoint, tone: 'text-danger', bar: 'bg-danger' },
  warning: { icon: TriangleExclamationPoint, tone: 'text-warning', bar: 'bg-warning' },
};

function ToastCard({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const { icon: Icon, tone, bar } = look[item.variant];
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) {
          dismissToast(item.id);
          window.setTimeout(() => removeToast(item.id), 300);
        }
      }}
      onPause={() => setPaused(true)}
      onResume={() => setPaused(false)}
      type={item.variant === 'error' || item.variant === 'warning' ? 'foreground' : 'background'}
      data-variant={item.variant}
      data-paused={paused}
      className={cn(
        'toast-root relative flex w-full gap-3 overflow-hidden rounded-card border border-border bg-raised',
        'py-3 pr-10 pl-3.5 text-sm shadow-lg',
      )}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', tone)} aria-hidden />
      <div className="flex min-w-0 flex-col gap-0.5">
        <Toast.Title className="font-medium text-fg">{item.title}</Toast.Title>
        {item.description ? (
          <Toast.Description className="text-muted">{item.description}</Toast.Description>
        ) : null}
        {item.action ? (
          <Toast.Action
            altText={item.action.label}
            onClick={item.action.onClick}
            className="mt-1.5 self-start rounded-control text-sm font-medium text-accent-text hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {item.action.label}
          </Toast.Action>
        ) : null}
      </div>
      <Toast.Close
        aria-label="Close"
        className="absolute top-2.5 right-2.5 rounded-control p-1 text-subtle transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <X className="size-4" aria-hidden />
      </Toast.Close>
      <span aria-hidden className="absolute inset-x-0 bottom-0 h-0.5 bg-surface-3">
        <span
          className={cn('toast-progress block h-full', bar)}
          style={{ animationDuration: `${TOAST_DURATION_MS}ms` }}
        />
      </span>
    </Toast.Root>
  );
}

/** Renders the toast store (spec 1 §4, §9): one at a time, 5 s, progress bar, F8, swipe 50. */
export function Toaster() {
  const toasts = useStore(toastStore);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
    >
      {toasts.map((t) => (
        <ToastCard key={t.id} item={t} />
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-[400px] max-w-full list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
