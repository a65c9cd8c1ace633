import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormDialog, TextField } from '../ui';
import { ApiRequestError } from './api';
import { useFormDialog } from './use-form-dialog';
import type { Validated } from './validation';

interface Values {
  name: string;
}
const INITIAL: Values = { name: '' };
const validate = (v: Values): Validated<'name', { name: string }> =>
  v.name.trim()
    ? { ok: true, body: { name: v.name.trim() } }
    : { ok: false, errors: { name: 'Please enter a name' } };

function NameDialog(props: {
  save(body: { name: string }): Promise<string>;
  onSaved(result: string): void;
  onClose(): void;
}) {
  const { field, dialog } = useFormDialog({
    initial: INITIAL,
    validate,
    save: props.save,
    failure: 'The group could not be saved',
    onSaved: props.onSaved,
    onClose: props.onClose,
  });
  return (
    <FormDialog open title="New group" description="A name." submitLabel="Save" {...dialog}>
      <TextField label="Name" {...field('name')} />
    </FormDialog>
  );
}

function setup(save: (body: { name: string }) => Promise<string>) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(<NameDialog save={save} onSaved={onSaved} onClose={onClose} />);
  const input = screen.getByLabelText('Name') as HTMLInputElement;
  const submit = screen.getByRole('button', { name: 'Save' });
  return { onSaved, onClose, input, submit };
}

afterEach(cleanup);

describe('useFormDialog', () => {
  it('holds the field message until the field is left, and keeps Save off while invalid', () => {
    const { input, submit } = setup(vi.fn());
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.queryByText('Please enter a name')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText('Please enter a name')).toBeTruthy();
  });

  it('saves the validated body, closes and then reports the result', async () => {
    const save = vi.fn(() => Promise.resolve('g-1'));
    const { input, submit, onSaved, onClose } = setup(save);
    fireEvent.change(input, { target: { value: '  Sales  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('g-1', { name: 'Sales' }));
    expect(save).toHaveBeenCalledWith({ name: 'Sales' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message, or the fallback, and keeps what was typed", async () => {
    const save = vi
      .fn<(body: { name: string }) => Promise<string>>()
      .mockRejectedValueOnce(new ApiRequestError(409, 'A group with this name exists'))
      .mockRejectedValueOnce(new Error('socket closed'));
    const { input, submit, onClose } = setup(save);
    fireEvent.change(input, { target: { value: 'Sales' } });
    fireEvent.click(submit);
    expect(await screen.findByText('A group with this name exists')).toBeTruthy();
    expect(input.value).toBe('Sales');
    fireEvent.click(submit);
    expect(await screen.findByText('The group could not be saved')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('forgets what was typed when cancelled', () => {
    const { input, onClose } = setup(vi.fn());
    fireEvent.change(input, { target: { value: 'Sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('');
  });
});
