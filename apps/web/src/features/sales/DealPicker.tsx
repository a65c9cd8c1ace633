import { useId, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { Check, ChevronDown, Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced';
import { Input, Label } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useDealSearch } from './api';
import { formatAmount } from './model';

export interface PickedDeal {
  id: string;
  name: string;
  stage: keyof typeof STAGE_LABELS;
}

interface DealPickerProps {
  label: string;
  hideLabel?: boolean;
  /** The chosen deal, or null for none. */
  value: { id: string; name: string } | null;
  onChange(deal: PickedDeal | null): void;
  disabled?: boolean;
  /** Words of the "none" choice. */
  noneLabel?: string;
  className?: string;
}

/**
 * A combobox of the organisation's deals searched by name (GET sales/deals), with "none" first:
 * type to search, arrows to move, Enter to choose, Escape to close.
 */
export function DealPicker({
  label,
  hideLabel = false,
  value,
  onChange,
  disabled,
  noneLabel = 'No deal',
  className,
}: DealPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim());
  const deals = useDealSearch(term, open);
  const options: (PickedDeal & { note: string })[] = [
    { id: '', name: noneLabel, stage: 'basic_meeting', note: '' },
    ...(deals.data?.data ?? []).map((d) => ({
      id: d.id,
      name: d.name,
      stage: d.stage,
      note: `${d.accountName ?? 'No account'} · ${formatAmount(d.amount, d.currency)}`,
    })),
  ];
  const [active, setActive] = useState(0);
  const choose = (i: number) => {
    const o = options[i];
    if (!o) return;
    onChange(o.id ? { id: o.id, name: o.name, stage: o.stage } : null);
    setOpen(false);
    setText('');
  };
  const keys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(options.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter') choose(active);
    else return;
    e.preventDefault();
  };

  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setActive(0);
        }}
      >
        <Popover.Trigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            data-testid="deal-picker"
            aria-haspopup="listbox"
            className={cn(
              'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-card border border-border-strong bg-surface px-3 text-left text-sm shadow-sm',
              'focus-visible:border-accent focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none disabled:opacity-60',
              value ? 'text-fg' : 'text-subtle',
            )}
          >
            <span className="truncate">{value?.name ?? noneLabel}</span>
            <ChevronDown className="size-4 shrink-0 text-subtle" aria-hidden />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className="animate-pop-in z-[60] flex w-[min(22rem,calc(100vw-16px))] flex-col gap-1 rounded-card border border-border bg-raised p-1 shadow-lg"
          >
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
                aria-hidden
              />
              <Input
                autoFocus
                role="combobox"
                aria-label="Search deals"
                aria-expanded
                aria-controls={listId}
                aria-activedescendant={`${listId}-${active}`}
                placeholder="Search deals"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setActive(0);
                }}
                onKeyDown={keys}
                className="pl-9"
                data-testid="deal-search"
              />
            </div>
            <ul id={listId} role="listbox" aria-label="Deals" className="max-h-64 overflow-y-auto">
              {options.map((o, i) => {
                const selected = (value?.id ?? '') === o.id;
                return (
                  <li
                    key={o.id || 'none'}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={selected}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(i)}
                    onMouseMove={() => setActive(i)}
                    className={cn(
                      'relative flex cursor-default flex-col rounded-control py-1.5 pr-8 pl-2 text-sm text-fg',
                      i === active && 'bg-surface-2',
                    )}
                  >
                    <span className="truncate">{o.name}</span>
                    {o.id ? (
                      <span className="truncate text-xs text-muted">
                        {STAGE_LABELS[o.stage]} · {o.note}
                      </span>
                    ) : null}
                    {selected ? (
                      <Check
                        className="absolute top-2 right-2 size-4 text-accent-text"
                        aria-hidden
                      />
                    ) : null}
                  </li>
                );
              })}
              {deals.isLoading ? (
                <li className="px-2 py-1.5 text-sm text-muted">Loading…</li>
              ) : null}
              {!deals.isLoading && options.length === 1 ? (
                <li className="px-2 py-1.5 text-sm text-muted">
                  {term ? 'No deal matches' : 'No deals yet'}
                </li>
              ) : null}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
