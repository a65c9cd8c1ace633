import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Ellipsis, type LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { buttonClasses } from './Button';

export interface ActionMenuItem {
  label: string;
  icon?: LucideIcon;
  onSelect(): void;
  destructive?: boolean;
}

interface ActionMenuProps {
  /** Accessible name of the trigger, e.g. 'Actions for Weekly sync'. */
  label: string;
  items: ActionMenuItem[];
  trigger?: ReactNode;
}

/** A '…' button opening a menu of row actions (keyboard: Enter, arrows, Escape). */
export function ActionMenu({ label, items, trigger }: ActionMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className={buttonClasses('ghost', 'icon', 'size-8 data-[state=open]:bg-surface-2')}
      >
        {trigger ?? <Ellipsis aria-hidden />}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="animate-pop-in z-50 min-w-40 rounded-card border border-border bg-raised p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              onSelect={item.onSelect}
              className={cn(
                'flex h-8 cursor-default items-center gap-2.5 rounded-control px-2 text-sm outline-none select-none',
                'data-[highlighted]:bg-surface-2 [&_svg]:size-4',
                item.destructive ? 'text-danger' : 'text-fg [&_svg]:text-muted',
              )}
            >
              {item.icon ? <item.icon aria-hidden /> : null}
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
