import type { DealContact } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import { FormDialog, TextField } from '../../ui';
import { useSalesChanges } from './api';
import { validateContact } from './model';

/** Add a contact to a deal or change one (`contact` null adds). */
export function ContactDialog({
  dealId,
  contact,
  onClose,
}: {
  dealId: string;
  contact: DealContact | null;
  onClose(): void;
}) {
  const { createContact, updateContact } = useSalesChanges();
  const { field, dialog } = useFormDialog({
    initial: { name: contact?.name ?? '', email: contact?.email ?? '', role: contact?.role ?? '' },
    validate: validateContact,
    save: (body) => {
      const b = { name: body.name, email: body.email, role: body.role ?? null };
      return contact
        ? updateContact.mutateAsync({ id: contact.id, body: b })
        : createContact.mutateAsync({ dealId, body: b });
    },
    failure: contact ? 'The contact could not be saved' : 'The contact could not be added',
    onClose,
  });
  return (
    <FormDialog
      open
      title={contact ? `Edit ${contact.name || contact.email}` : 'Add contact'}
      description="Someone on the buyer’s side of the deal; their calls can be matched by e-mail."
      submitLabel={contact ? 'Save' : 'Add contact'}
      {...dialog}
    >
      <TextField label="E-mail" type="email" autoFocus maxLength={320} {...field('email')} />
      <TextField label="Name (optional)" maxLength={200} {...field('name')} />
      <TextField
        label="Role (optional)"
        placeholder="Economic buyer"
        maxLength={100}
        {...field('role')}
      />
    </FormDialog>
  );
}
