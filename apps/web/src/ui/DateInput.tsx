import { cn } from '../lib/cn';

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
