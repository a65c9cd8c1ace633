import { DEFAULT_CURRENCY, toMinorUnits, type CreditSlab } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import type { Validated } from '../../lib/validation';
import { FormDialog, SwitchField, TextField } from '../../ui';
import { useSaveCreditSlab } from './catalogue-api';

interface Values {
  credits: string;
  price: string;
  discount: string;
  isActive: boolean;
}
type Field = 'credits' | 'price' | 'discount';
interface Body {
  credits: number;
  price: string;
  discount: number;
  isActive: boolean;
}

const WHOLE = /^\d+$/;

function validate(v: Values): Validated<Field, Body> {
  const errors: Partial<Record<Field, string>> = {};
  const credits = v.credits.trim();
  const discount = v.discount.trim() || '0';
  if (!WHOLE.test(credits) || Number(credits) < 1) errors.credits = 'A whole number of credits';
  if (toMinorUnits(v.price, DEFAULT_CURRENCY) === null) errors.price = 'An amount such as 49.00';
  if (!WHOLE.test(discount) || Number(discount) > 100) errors.discount = 'A whole percent, 0–100';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    body: {
      credits: Number(credits),
      price: v.price.trim(),
      discount: Number(discount),
      isActive: v.isActive,
    },
  };
}

/** Adds a credit slab (editing null) or changes one: credits, price and discount. */
export function CreditSlabDialog(props: {
  open: boolean;
  editing: CreditSlab | null;
  onClose(): void;
}) {
  const { open, editing, onClose } = props;
  const save = useSaveCreditSlab();
  const { form, field, dialog } = useFormDialog({
    initial: {
      credits: editing ? String(editing.credits) : '',
      price: editing?.price.amount ?? '',
      discount: editing ? String(editing.discount) : '0',
      isActive: editing?.isActive ?? true,
    },
    validate,
    save: (body: Body) =>
      save.mutateAsync(editing ? { id: editing.id, patch: body } : { create: body }),
    failure: 'The credit slab could not be saved',
    onClose,
  });
  return (
    <FormDialog
      open={open}
      title={editing ? `Edit the ${editing.credits}-credit slab` : 'Add credit slab'}
      description="Credits bought beside the bundles; one credit analyzes one minute."
      submitLabel={editing ? 'Save' : 'Add'}
      {...dialog}
    >
      <TextField label="Credits" inputMode="numeric" {...field('credits')} />
      <TextField label="Price" inputMode="decimal" placeholder="49.00" {...field('price')} />
      <TextField label="Discount (%)" inputMode="numeric" {...field('discount')} />
      <SwitchField
        label="On sale"
        description="Only slabs on sale are offered on the pricing page."
        checked={form.values.isActive}
        onCheckedChange={(on) => form.set('isActive', on)}
      />
    </FormDialog>
  );
}
