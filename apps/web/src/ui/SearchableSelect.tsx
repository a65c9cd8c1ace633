import { useId, useMemo, useState } from 'react';
import { cn } from '../lib/cn';
import { Combobox, ComboboxNote } from './Combobox';
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
 * A select for long lists (countries, cities): a Combobox whose search narrows the options as
 * one types (accents ignored). Names starting with the text come before names containing it.
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
  const [text, setText] = useState('');
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
  // Start on the choice when it is among the options shown before any typing.
  const at = chosen ? options.indexOf(chosen) : -1;

  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Combobox
        id={id}
        listLabel={label}
        shown={chosen?.label ?? (loading ? 'Loading…' : options.length ? placeholder : emptyText)}
        chosen={chosen !== undefined}
        disabled={disabled}
        invalid={Boolean(error)}
        searchLabel={`Search ${label.toLowerCase()}`}
        searchPlaceholder="Type to search"
        text={text}
        onTextChange={setText}
        onOpenChange={() => setText('')}
        items={shown}
        itemKey={(o) => o.value}
        isSelected={(o) => o.value === value}
        isDisabled={(o) => Boolean(o.disabled)}
        renderItem={(o) => <span className="truncate">{o.label}</span>}
        onChoose={(o) => onValueChange(o.value)}
        startAt={at >= 0 && at < SHOWN_MATCHES ? at : 0}
        notes={
          <>
            {matches.length === 0 ? (
              <ComboboxNote>
                {text.trim() ? 'No match' : loading ? 'Loading…' : emptyText}
              </ComboboxNote>
            ) : null}
            {matches.length > shown.length ? (
              <ComboboxNote small>
                {matches.length - shown.length} more; type to narrow the list
              </ComboboxNote>
            ) : null}
          </>
        }
      />
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
