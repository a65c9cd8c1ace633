import { cn } from '../lib/cn';
import { Button } from './Button';

/** A labelled calendar-day input (yyyy-mm-dd) that sits in a filter bar. */
export function DateInput({
  label,
  value,
  onChange,
  max,
  min,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  min?: string;
  max?: string;
}) {
  return (
    <label
      className={cn(
        'flex h-9 min-w-0 items-center gap-2 rounded-card border border-border-strong bg-surface px-3 shadow-sm',
        'focus-within:border-accent focus-within:ring-[3px] focus-within:ring-ring/25',
      )}
    >
      <span className="text-xs font-medium text-subtle">{label}</span>
      <input
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        className="tabular min-w-0 flex-1 bg-transparent text-sm text-fg outline-none"
      />
    </label>
  );
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The From and To days of a filter bar, each bounded by the other so the range cannot be
 * turned inside out. `clearLabel` adds a button that empties both (lists whose bar has no
 * "Clear filters" of its own).
 */
export function DateRangeInputs({
  value,
  onChange,
  clearLabel,
}: {
  value: DayRange;
  onChange(range: DayRange): void;
  clearLabel?: string;
}) {
  return (
    <>
      <DateInput
        label="From"
        value={value.from}
        max={value.to || undefined}
        onChange={(from) => onChange({ ...value, from })}
      />
      <DateInput
        label="To"
        value={value.to}
        min={value.from || undefined}
        onChange={(to) => onChange({ ...value, to })}
      />
      {clearLabel && (value.from || value.to) ? (
        <Button variant="ghost" size="sm" onClick={() => onChange({ from: '', to: '' })}>
          {clearLabel}
        </Button>
      ) : null}
    </>
  );
}
