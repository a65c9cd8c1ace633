import { useId, type ReactNode } from 'react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check, Minus } from 'lucide-react';
import { cn } from '../lib/cn';

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  className?: string;
}

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  disabled,
  className,
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2.5', className)}>
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        className={cn(
          'grid size-[18px] shrink-0 place-items-center rounded-[5px] border border-border-strong bg-surface shadow-sm',
          'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg',
          'disabled:opacity-50',
        )}
      >
        <RadixCheckbox.Indicator>
          <Check className="size-3.5" strokeWidth={3} aria-hidden />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className="cursor-pointer text-sm text-fg select-none">
        {label}
      </label>
    </div>
  );
}

interface CheckboxProps {
  /** Accessible name (the box has no visible label, e.g. in a table row). */
  label: string;
  checked: boolean | 'indeterminate';
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  className?: string;
}

/** A bare checkbox named by aria-label (row selection). */
export function Checkbox({ label, checked, onCheckedChange, disabled, className }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(v) => onCheckedChange(v === true)}
      onClick={(e) => e.stopPropagation()}
      className={cn(
        'grid size-[18px] shrink-0 place-items-center rounded-[5px] border border-border-strong bg-surface shadow-sm',
        'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg',
        'data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent data-[state=indeterminate]:text-accent-fg',
        'disabled:opacity-50',
        className,
      )}
    >
      <RadixCheckbox.Indicator>
        {checked === 'indeterminate' ? (
          <Minus className="size-3.5" strokeWidth={3} aria-hidden />
        ) : (
          <Check className="size-3.5" strokeWidth={3} aria-hidden />
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}

interface CheckboxListProps<V extends string> {
  legend: string;
  options: readonly { value: V; label: ReactNode; disabled?: boolean }[];
  /** The values ticked, in the order they were ticked. */
  value: readonly V[];
  onChange(value: V[]): void;
  /** Every box off (while the form saves). */
  disabled?: boolean;
}

/** A set of choices as a fieldset of checkboxes (a user's groups, a role's permissions). */
export function CheckboxList<V extends string>({
  legend,
  options,
  value,
  onChange,
  disabled = false,
}: CheckboxListProps<V>) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {options.map((o) => (
        <CheckboxField
          key={o.value}
          label={o.label}
          checked={value.includes(o.value)}
          disabled={disabled || o.disabled}
          onCheckedChange={(on) =>
            onChange(on ? [...value, o.value] : value.filter((x) => x !== o.value))
          }
        />
      ))}
    </fieldset>
  );
}
