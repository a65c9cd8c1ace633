import type { ComponentProps, ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Hide the corner close button (e.g. while an upload runs). */
  hideClose?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/** A centred modal with title, optional description and a close button (Radix focus management). */
export function DialogContent({
  title,
  description,
  hideClose = false,
  size = 'md',
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-overlay" />
      <RadixDialog.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'animate-pop-in fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-card border border-border bg-raised shadow-lg outline-none',
          widths[size],
          className,
        )}
        {...props}
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-3">
          <div className="flex min-w-0 flex-col gap-1">
            <RadixDialog.Title className="text-base font-semibold text-fg">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="text-sm break-words text-muted">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label="Close"
              className="-mt-1 -mr-1 rounded-control p-1.5 text-subtle transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** Actions of a dialog, the primary one right-aligned (DESIGN: forms and dialogs). */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('mt-5 flex flex-wrap items-center justify-end gap-2', className)}>
      {children}
    </div>
  );
}
