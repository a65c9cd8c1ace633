import { DEFAULT_CURRENCY, toMinorUnits, type Feature } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import type { Validated } from '../../lib/validation';
import { FormDialog, TextField } from '../../ui';
import { useSaveFeature } from './catalogue-api';

interface Values {
  name: string;
  description: string;
  url: string;
  price: string;
}
type Body = Values;

function validate(v: Values): Validated<keyof Values, Body> {
  const body = {
    name: v.name.trim(),
    description: v.description.trim(),
    url: v.url.trim(),
    price: v.price.trim(),
  };
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!body.name) errors.name = 'A name is required';
  if (toMinorUnits(body.price, DEFAULT_CURRENCY) === null) {
    errors.price = 'An amount such as 12.50';
  }
  if (body.url && !/^https?:\/\/\S+$/.test(body.url)) errors.url = 'An http(s) address';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

/** Adds a feature (editing null) or changes one; the price is sent as typed and stored exact. */
export function FeatureDialog(props: { open: boolean; editing: Feature | null; onClose(): void }) {
  const { open, editing, onClose } = props;
  const save = useSaveFeature();
  const { field, dialog } = useFormDialog({
    initial: {
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      url: editing?.url ?? '',
      price: editing?.price.amount ?? '',
    },
    validate,
    save: (body: Body) =>
      save.mutateAsync(editing ? { id: editing.id, patch: body } : { create: body }),
    failure: 'The feature could not be saved',
    onClose,
  });
  return (
    <FormDialog
      open={open}
      title={editing ? `Edit ${editing.name}` : 'Add feature'}
      description="Bundles cost what their features add up to; a new price applies to new plans."
      submitLabel={editing ? 'Save' : 'Add'}
      {...dialog}
    >
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextField label="Description" {...field('description')} />
      <TextField label="URL" placeholder="https://" inputMode="url" {...field('url')} />
      <TextField label="Price" inputMode="decimal" placeholder="12.50" {...field('price')} />
    </FormDialog>
  );
}
