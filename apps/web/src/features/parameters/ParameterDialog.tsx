import type { Parameter } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import type { Validated } from '../../lib/validation';
import { FormDialog, TextField } from '../../ui';
import { useSaveParameter } from './api';

const KEY = /^[A-Z][A-Z0-9_]*$/;

interface Values {
  key: string;
  value: string;
  description: string;
}
type Body = Values;

/** A new parameter needs a well-formed key; every parameter needs a value (Save stays off). */
function validatorFor(editing: Parameter | null) {
  return (v: Values): Validated<keyof Values, Body> => {
    const body = { key: v.key, value: v.value.trim(), description: v.description.trim() };
    if (!editing && !KEY.test(v.key))
      return { ok: false, errors: v.key ? { key: 'Upper-case letters, digits and _ only' } : {} };
    return body.value ? { ok: true, body } : { ok: false, errors: {} };
  };
}

/**
 * Adds a parameter (editing: null row means new) or changes one's value and description. The
 * owner keys it by the row, so its fields start from the row it opens on.
 */
export function ParameterDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: Parameter | null;
  onClose(): void;
}) {
  const save = useSaveParameter();
  const { form, field, dialog } = useFormDialog({
    initial: {
      key: editing?.key ?? '',
      value: editing?.value ?? '',
      description: editing?.description ?? '',
    },
    validate: validatorFor(editing),
    save: ({ key, value, description }: Body) =>
      save.mutateAsync(
        editing
          ? { id: editing.id, patch: { value, description } }
          : { create: { key, value, description } },
      ),
    failure: 'The parameter could not be saved',
    onClose,
  });

  return (
    <FormDialog
      open={open}
      title={editing ? `Edit ${editing.key}` : 'Add parameter'}
      description={
        editing
          ? 'The new value applies at once, everywhere it is read.'
          : 'A setting the platform reads by its key.'
      }
      submitLabel={editing ? 'Save' : 'Add'}
      {...dialog}
    >
      {editing ? null : (
        <TextField
          label="Key"
          placeholder="FREE_MEETING_CREDITS"
          autoComplete="off"
          {...field('key')}
          onChange={(e) => form.set('key', e.target.value.toUpperCase())}
        />
      )}
      <TextField label="Value" {...field('value')} />
      <TextField label="Description" {...field('description')} />
    </FormDialog>
  );
}
