import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { Check, ChevronDown, Search } from 'lucide-react';
import { cn } from '../lib/cn';
import { Input } from './Input';

export interface ComboboxProps<T> {
  /** The trigger's id, for the field's Label. */
  id: string;
  /** The listbox's name (Deals, Country). */
  listLabel: string;
  /** What the trigger shows, and whether that is a choice (else it is muted). */
  shown: ReactNode;
  chosen: boolean;
  disabled?: boolean;
  invalid?: boolean;
  /** The search box: its accessible name and placeholder; the text is the caller's to filter on. */
  searchLabel: string;
  searchPlaceholder: string;
  text: string;
  onTextChange(text: string): void;
  /** Called when the popover opens or closes (to clear a search, say). */
  onOpenChange?(open: boolean): void;
  items: readonly T[];
  itemKey(item: T): string;
  isSelected(item: T): boolean;
  isDisabled?(item: T): boolean;
  renderItem(item: T): ReactNode;
  onChoose(item: T): void;
  /** The item highlighted on opening (the current choice), else the first. */
  startAt?: number;
  /** Lines after the options: loading, no match, more to narrow. */
  notes?: ReactNode;
  /** The popover's width classes. */
  widthClassName?: string;
  testIds?: { trigger?: string; search?: string };
}

/**
 * The one searchable picker: a trigger showing the choice, and a popover with a search box
 * and a list of options; type to narrow, arrows to move, Enter to choose, Escape to close.
 * The caller owns the search text (filtering locally or asking the server).
 */
export function Combobox<T>({
  id,
  listLabel,
  shown,
  chosen,
  disabled,
  invalid,
  searchLabel,
  searchPlaceholder,
  text,
  onTextChange,
  onOpenChange,
  items,
  itemKey,
  isSelected,
  isDisabled = () => false,
  renderItem,
  onChoose,
  startAt = 0,
  notes,
  widthClassName = 'w-[max(var(--radix-popover-trigger-width),16rem)] max-w-[calc(100vw-16px)]',
  testIds = {},
}: ComboboxProps<T>) {
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const choose = (item: T | undefined) => {
    if (item === undefined || isDisabled(item)) return;
    onChoose(item);
    setOpen(false);
    onOpenChange?.(false);
  };
  const keys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(items.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter') choose(items[active]);
    else return;
    e.preventDefault();
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setActive(next ? startAt : 0);
        onOpenChange?.(next);
      }}
    >
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          aria-haspopup="listbox"
          aria-invalid={invalid ? true : undefined}
          data-testid={testIds.trigger}
          className={cn(
            'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-card border border-border-strong bg-surface px-3 text-left text-sm shadow-sm',
            'focus-visible:border-accent focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
            'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger',
            chosen ? 'text-fg' : 'text-subtle',
          )}
        >
          <span className="truncate">{shown}</span>
          <ChevronDown className="size-4 shrink-0 text-subtle" aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            'animate-pop-in z-[60] flex flex-col gap-1 rounded-card border border-border bg-raised p-1 shadow-lg',
            widthClassName,
          )}
        >
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
              aria-hidden
            />
            <Input
              autoFocus
              role="combobox"
              aria-label={searchLabel}
              aria-expanded
              aria-controls={listId}
              aria-activedescendant={items.length ? `${listId}-${active}` : undefined}
              placeholder={searchPlaceholder}
              value={text}
              onChange={(e) => {
                onTextChange(e.target.value);
                setActive(0);
              }}
              onKeyDown={keys}
              className="pl-9"
              data-testid={testIds.search}
            />
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel}
            className="max-h-64 overflow-y-auto"
          >
            {items.map((item, i) => {
              const selected = isSelected(item);
              const off = isDisabled(item);
              return (
                <li
                  key={itemKey(item)}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={selected}
                  aria-disabled={off || undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(item)}
                  onMouseMove={() => setActive(i)}
                  className={cn(
                    'relative flex cursor-default flex-col rounded-control py-1.5 pr-8 pl-2 text-sm text-fg',
                    i === active && 'bg-surface-2',
                    off && 'opacity-50',
                  )}
                >
                  {renderItem(item)}
                  {selected ? (
                    <Check className="absolute top-2 right-2 size-4 text-accent-text" aria-hidden />
                  ) : null}
                </li>
              );
            })}
            {notes}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** A line in a Combobox's list that is not an option (loading, no match). */
export function ComboboxNote({ children, small }: { children: ReactNode; small?: boolean }) {
  return (
    <li className={cn('px-2 py-1.5 text-muted', small ? 'text-xs' : 'text-sm')}>{children}</li>
  );
}
