import { useId } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { Label } from './Label';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** Extra words after the label, e.g. 'Coming soon'. */
  note?: string;
}

interface SelectFieldProps {
  label: string;
  /** Keep the label for assistive technology only (filter bars). */
  hideLabel?: boolean;
  /** Show the label as a muted prefix inside the box instead of above it. */
  labelInside?: boolean;
  value: string;
  onValueChange(value: string): void;
  options: SelectOption[];
  className?: string;
  triggerClassName?: string;
  disabled?: boolean;
  /** Shown while nothing is chosen (value ''). */
  placeholder?: string;
}

/** Label above a Radix select (a combobox named by its label). */
export function SelectField({
  label,
  hideLabel = false,
  labelInside = false,
  value,
  onValueChange,
  options,
  className,
  triggerClassName,
  disabled,
  placeholder,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={hideLabel || labelInside ? 'sr-only' : undefined}>
        {label}
      </Label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
        <RadixSelect.Trigger
          id={id}
          aria-label={hideLabel ? label : undefined}
          className={cn(
            'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-card border border-border-strong bg-surface px-3 text-left text-sm text-fg shadow-sm',
            'focus-visible:border-accent focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
            'disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-subtle',
            triggerClassName,
          )}
        >
          <span className="flex min-w-0 items-center gap-2">
            {labelInside ? (
              <span aria-hidden className="text-xs font-medium text-subtle">
                {label}
              </span>
            ) : null}
            <span className="truncate">
              <RadixSelect.Value placeholder={placeholder} />
            </span>
          </span>
          <RadixSelect.Icon>
            <ChevronDown className="size-4 shrink-0 text-subtle" aria-hidden />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            collisionPadding={8}
            className="animate-pop-in z-[60] max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-card border border-border bg-raised p-1 shadow-lg"
          >
            <RadixSelect.Viewport>
              {options.map((o) => (
                <RadixSelect.Item
                  key={o.value}
                  value={o.value}
                  disabled={o.disabled}
                  className={cn(
                    'relative flex h-8 cursor-default items-center gap-2 rounded-control pr-8 pl-2 text-sm text-fg outline-none select-none',
                    'data-[disabled]:opacity-50 data-[highlighted]:bg-surface-2',
                  )}
                >
                  <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                  {o.note ? <span className="text-xs text-subtle">{o.note}</span> : null}
                  <RadixSelect.ItemIndicator className="absolute right-2">
                    <Check className="size-4 text-accent-text" aria-hidden />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
