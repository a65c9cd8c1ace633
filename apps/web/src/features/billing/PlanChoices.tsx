import { useId } from 'react';
import { RadioGroup } from 'radix-ui';
import { Check } from 'lucide-react';
import { formatMoney, type ActiveBundle, type CreditSlab, type Money } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';

export const moneyText = (m: Money) => formatMoney(m.minor, m.currency);

const choiceClasses = cn(
  'flex flex-col items-start gap-2 rounded-card border border-border-strong bg-surface p-4 text-left shadow-sm',
  'transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft data-[state=checked]:ring-1 data-[state=checked]:ring-accent',
  'disabled:opacity-60',
);

/** One bundle as a toggle: its price and what it contains. */
function BundleChoice(props: {
  bundle: ActiveBundle;
  chosen: boolean;
  disabled: boolean;
  onToggle(): void;
}) {
  const { bundle, chosen, disabled, onToggle } = props;
  const id = useId();
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={chosen}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-contents`}
      data-state={chosen ? 'checked' : 'unchecked'}
      disabled={disabled}
      onClick={onToggle}
      className={choiceClasses}
    >
      <span className="flex w-full items-start justify-between gap-3">
        <span id={`${id}-name`} className="text-base font-semibold text-fg">
          {bundle.name}
        </span>
        <span
          aria-hidden
          className={cn(
            'grid size-5 shrink-0 place-items-center rounded-full border',
            chosen ? 'border-accent bg-accent text-accent-fg' : 'border-border-strong',
          )}
        >
          {chosen ? <Check className="size-3.5" strokeWidth={3} /> : null}
        </span>
      </span>
      <span className="text-xl font-semibold text-fg tabular">
        {moneyText(bundle.price)}
        <span className="text-sm font-normal text-muted"> / month</span>
      </span>
      {bundle.description ? <span className="text-sm text-muted">{bundle.description}</span> : null}
      <ul id={`${id}-contents`} className="flex flex-col gap-1 text-sm text-fg">
        {bundle.features.map((f) => (
          <li key={f.id} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden />
            <span>
              {f.name}
              {f.description ? <span className="text-muted"> — {f.description}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </button>
  );
}

export function BundleChoices(props: {
  bundles: ActiveBundle[];
  chosen: readonly string[];
  disabled: boolean;
  onChange(ids: string[]): void;
}) {
  const { bundles, chosen, disabled, onChange } = props;
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {bundles.map((b) => (
        <BundleChoice
          key={b.id}
          bundle={b}
          chosen={chosen.includes(b.id)}
          disabled={disabled}
          onToggle={() =>
            onChange(chosen.includes(b.id) ? chosen.filter((x) => x !== b.id) : [...chosen, b.id])
          }
        />
      ))}
    </div>
  );
}

const NONE = 'none';

/** No slab, or one: credits with their price and discount. */
export function SlabChoices(props: {
  slabs: CreditSlab[];
  chosen: string | null;
  disabled: boolean;
  onChange(id: string | null): void;
}) {
  const { slabs, chosen, disabled, onChange } = props;
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <span id={id} className="text-sm font-medium text-fg">
        Extra credits (one credit analyzes one minute)
      </span>
      <RadioGroup.Root
        aria-labelledby={id}
        value={chosen ?? NONE}
        disabled={disabled}
        onValueChange={(v) => onChange(v === NONE ? null : v)}
        className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4"
      >
        <RadioGroup.Item value={NONE} className={choiceClasses}>
          <span className="text-sm font-medium text-fg">No extra credits</span>
          <span className="text-xs text-muted">Keep the credits you have</span>
        </RadioGroup.Item>
        {slabs.map((s) => (
          <RadioGroup.Item key={s.id} value={s.id} className={choiceClasses}>
            <span className="text-sm font-medium text-fg">{formatNumber(s.credits)} credits</span>
            <span className="text-sm text-fg tabular">
              {moneyText(s.discountedPrice)}
              {s.discount ? (
                <span className="text-muted">
                  {' '}
                  <s>{moneyText(s.price)}</s> · {s.discount}% off
                </span>
              ) : null}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
