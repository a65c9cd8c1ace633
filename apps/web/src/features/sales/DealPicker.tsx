import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced';
import { Combobox, ComboboxNote, Label } from '../../ui';
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
 * A Combobox of the organisation's deals searched by name on the server (GET sales/deals), with
 * "none" first.
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

  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Combobox
        id={id}
        listLabel="Deals"
        shown={value?.name ?? noneLabel}
        chosen={value !== null}
        disabled={disabled}
        searchLabel="Search deals"
        searchPlaceholder="Search deals"
        text={text}
        onTextChange={setText}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setText('');
        }}
        items={options}
        itemKey={(o) => o.id || 'none'}
        isSelected={(o) => (value?.id ?? '') === o.id}
        renderItem={(o) => (
          <>
            <span className="truncate">{o.name}</span>
            {o.id ? (
              <span className="truncate text-xs text-muted">
                {STAGE_LABELS[o.stage]} · {o.note}
              </span>
            ) : null}
          </>
        )}
        onChoose={(o) => onChange(o.id ? { id: o.id, name: o.name, stage: o.stage } : null)}
        widthClassName="w-[min(22rem,calc(100vw-16px))]"
        testIds={{ trigger: 'deal-picker', search: 'deal-search' }}
        notes={
          deals.isLoading ? (
            <ComboboxNote>Loading…</ComboboxNote>
          ) : options.length === 1 ? (
            <ComboboxNote>{term ? 'No deal matches' : 'No deals yet'}</ComboboxNote>
          ) : null
        }
      />
    </div>
  );
}
