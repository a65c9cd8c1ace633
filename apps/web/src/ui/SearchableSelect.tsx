import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { Check, ChevronDown, Search } from 'lucide-react';
import { cn } from '../lib/cn';
import { Input } from './Input';
import { Label } from './Label';
import type { SelectOption } from './Select';

/** Matches shown at once: a state can have thousands of cities, typing narrows them. */
export const SHOWN_MATCHES = 100;

interface SearchableSelectProps {
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: SelectOption[];
  disabled?: boolean;
  /** Shown while nothing is chosen (value ''). */
  placeholder?: string;
  /** The list is still loading. */
  loading?: boolean;
  /** Said in the list when there are no options at all. */
  emptyText?: string;
  error?: string;
  className?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A select for long lists (countries, cities): the trigger shows the choice; the popover has
 * a search box that narrows the options as one types (accents ignored), arrows to move, Enter to
 * choose, Escape to close. Names starting with the text come before names containing it.
 */
export function SearchableSelect({
  label,
  value,
  onValueChange,
  options,
  disabled,
  placeholder = 'Choose…',
  loading = false,
  emptyText = 'Nothing to choose from',
  error,
  className,
}: SearchableSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const chosen = options.find((o) => o.value === value);

  const matches = useMemo(() => {
    const term = fold(text.trim());
    if (!term) return options;
    const starts: SelectOption[] = [];
    const contains: SelectOption[] = [];
    for (const o of options) {
      const name = fold(o.label);
      if (name.startsWith(term)) starts.push(o);
      else if (name.includes(term)) contains.push(o);
    }
    return [...starts, ...contains];
  }, [options, text]);
  const shown = matches.slice(0, SHOWN_MATCHES);

  const choose = (o: SelectOption | undefined) => {
    if (!o || o.disabled) return;
    onValueChange(o.value);
    setOpen(false);
  };
  const keys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(shown.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter') choose(shown[active]);
    else return;
    e.preventDefault();
  };

  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setText('');
          // Start on the choice when it is among the options shown before any typing.
          const at = chosen ? options.indexOf(chosen) : -1;
          setActive(at >= 0 && at < SHOWN_MATCHES ? at : 0);
        }}
      >
        <Popover.Trigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            aria-haspopup="listbox"
            aria-invalid={error ? true : undefined}
            className={cn(
              'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-card border border-border-strong bg-surface px-3 text-left text-sm shadow-sm',
              'focus-visible:border-accent focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
              'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger',
              chosen ? 'text-fg' : 'text-subtle',
            )}
          >
            <span className="truncate">
              {chosen?.label ?? (loading ? 'Loading…' : options.length ? placeholder : emptyText)}
            </span>
            <ChevronDown className="size-4 shrink-0 text-subtle" aria-hidden />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className="animate-pop-in z-[60] flex w-[max(var(--radix-popover-trigger-width),16rem)] max-w-[calc(100vw-16px)] flex-col gap-1 rounded-card border border-border bg-raised p-1 shadow-lg"
          >
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
                aria-hidden
              />
              <Input
                autoFocus
                role="combobox"
                aria-label={`Search ${label.toLowerCase()}`}
                aria-expanded
                aria-controls={listId}
                aria-activedescendant={shown.length ? `${listId}-${active}` : undefined}
                placeholder="Type to search"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setActive(0);
                }}
                onKeyDown={keys}
                className="pl-9"
              />
            </div>
            <ul id={listId} role="listbox" aria-label={label} className="max-h-64 overflow-y-auto">
              {shown.map((o, i) => (
                <li
                  key={o.value}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={o.value === value}
                  aria-disabled={o.disabled || undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(o)}
                  onMouseMove={() => setActive(i)}
                  className={cn(
                    'relative cursor-default truncate rounded-control py-1.5 pr-8 pl-2 text-sm text-fg',
                    i === active && 'bg-surface-2',
                    o.disabled && 'opacity-50',
                  )}
                >
                  {o.label}
                  {o.value === value ? (
                    <Check className="absolute top-2 right-2 size-4 text-accent-text" aria-hidden />
                  ) : null}
                </li>
              ))}
              {matches.length === 0 ? (
                <li className="px-2 py-1.5 text-sm text-muted">
                  {text.trim() ? 'No match' : loading ? 'Loading…' : emptyText}
                </li>
              ) : null}
              {matches.length > shown.length ? (
                <li className="px-2 py-1.5 text-xs text-muted">
                  {matches.length - shown.length} more; type to narrow the list
                </li>
              ) : null}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
