import { formatMoney, type Bundle } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import type { Validated } from '../../lib/validation';
import { CheckboxList, FormDialog, Spinner, SwitchField, TextField } from '../../ui';
import { useAllFeatures, useSaveBundle } from './catalogue-api';

interface Values {
  name: string;
  description: string;
  featureIds: string[];
  isActive: boolean;
}
type Body = Values;

type Field = 'name' | 'description' | 'featureIds';

function validate(v: Values): Validated<Field, Body> {
  const body = { ...v, name: v.name.trim(), description: v.description.trim() };
  const errors: Partial<Record<Field, string>> = {};
  if (!body.name) errors.name = 'A name is required';
  if (body.featureIds.length === 0) errors.featureIds = 'Choose at least one feature';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

/** Adds a bundle (editing null) or changes one: its name, features and whether it is on sale. */
export function BundleDialog(props: { open: boolean; editing: Bundle | null; onClose(): void }) {
  const { open, editing, onClose } = props;
  const save = useSaveBundle();
  const features = useAllFeatures(open);
  const { form, field, dialog } = useFormDialog({
    initial: {
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      featureIds: editing?.features.map((f) => f.id) ?? [],
      isActive: editing?.isActive ?? true,
    },
    validate,
    save: (body: Body) =>
      save.mutateAsync(editing ? { id: editing.id, patch: body } : { create: body }),
    failure: 'The bundle could not be saved',
    onClose,
  });
  const chosen = new Set(form.values.featureIds);
  const total = (features.data ?? [])
    .filter((f) => chosen.has(f.id))
    .reduce((sum, f) => sum + f.price.minor, 0);
  const currency = features.data?.[0]?.price.currency ?? 'USD';

  return (
    <FormDialog
      open={open}
      title={editing ? `Edit ${editing.name}` : 'Add bundle'}
      description="A bundle costs what its features add up to."
      submitLabel={editing ? 'Save' : 'Add'}
      {...dialog}
    >
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextField label="Description" {...field('description')} />
      {features.data ? (
        <div className="max-h-64 overflow-y-auto rounded-control border border-border p-3">
          <CheckboxList
            legend="Features"
            options={features.data.map((f) => ({
              value: f.id,
              label: (
                <span className="flex gap-2">
                  {f.name}
                  <span className="text-muted tabular">
                    {formatMoney(f.price.minor, f.price.currency)}
                  </span>
                </span>
              ),
            }))}
            value={form.values.featureIds}
            onChange={(ids) => form.set('featureIds', ids)}
          />
        </div>
      ) : (
        <Spinner label="Loading features" />
      )}
      <p className="text-sm text-muted" aria-live="polite">
        Bundle price:{' '}
        <span className="tabular font-medium text-fg">{formatMoney(total, currency)}</span>
      </p>
      <SwitchField
        label="On sale"
        description="Only bundles on sale are offered on the pricing page."
        checked={form.values.isActive}
        onCheckedChange={(on) => form.set('isActive', on)}
      />
    </FormDialog>
  );
}
