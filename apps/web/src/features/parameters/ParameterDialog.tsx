import { useEffect, useState } from 'react';
import type { Parameter } from '@parley/contracts';
import { FormDialog, TextField } from '../../ui';
import { useSaveParameter } from './api';

const KEY = /^[A-Z][A-Z0-9_]*$/;

/** Adds a parameter (editing: null row means new) or changes one's value and description. */
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
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  useEffect(() => {
    if (!open) return;
    save.reset();
    setKey(editing?.key ?? '');
    setValue(editing?.value ?? '');
    setDescription(editing?.description ?? '');
    // Only when the dialog opens; `save` changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, editing]);
  const keyError = key && !KEY.test(key) ? 'Upper-case letters, digits and _ only' : undefined;
  const valid = (editing !== null || KEY.test(key)) && value.trim() !== '';

  return (
    <FormDialog
      open={open}
      title={editing ? `Edit ${editing.key}` : 'Add parameter'}
      description={
        editing
          ? 'The new value applies at once, everywhere it is read.'
          : 'A setting the platform reads by its key.'
      }
      onClose={onClose}
      pending={save.isPending}
      valid={valid}
      error={save.error?.message}
      submitLabel={editing ? 'Save' : 'Add'}
      onSubmit={() =>
        save.mutate(
          editing
            ? { id: editing.id, patch: { value: value.trim(), description: description.trim() } }
            : { create: { key, value: value.trim(), description: description.trim() } },
          { onSuccess: onClose },
        )
      }
    >
      {editing ? null : (
        <TextField
          label="Key"
          value={key}
          placeholder="FREE_MEETING_CREDITS"
          error={keyError}
          autoComplete="off"
          onChange={(e) => setKey(e.target.value.toUpperCase())}
        />
      )}
      <TextField label="Value" value={value} onChange={(e) => setValue(e.target.value)} />
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
    </FormDialog>
  );
}
