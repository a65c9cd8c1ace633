import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Download, Trash2 } from 'lucide-react';
import { ACCOUNT_DELETION_WORD, PERSONAL_DATA_MESSAGES as M } from '@parley/contracts';
import { clearClientState } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useFormDialog } from '../../lib/use-form-dialog';
import type { Validated } from '../../lib/validation';
import { Button, CardContent, FormDialog, TextField } from '../../ui';
import { useDeleteMyAccount, useExportMyData } from './api';
import { SettingsCard } from './SettingsCard';

/** Deleting cannot be undone: DELETE or the own address is typed first. */
function DeleteAccountDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  email: string;
  onClose(): void;
}) {
  const remove = useDeleteMyAccount();
  const navigate = useNavigate();
  const { field, dialog } = useFormDialog({
    initial: { typed: '' },
    validate: ({ typed }): Validated<'typed', string> => {
      const t = typed.trim();
      return t === ACCOUNT_DELETION_WORD || t.toLowerCase() === email.toLowerCase()
        ? { ok: true, body: t }
        : { ok: false, errors: {} };
    },
    save: (confirm) => remove.mutateAsync(confirm),
    failure: M.deleteFailed,
    onClose,
    onSaved: () => {
      // The server ended the session with the account: nothing of it stays in this tab.
      clearClientState();
      toast({ title: M.deleted, variant: 'success' });
      void navigate('/signin', { replace: true });
    },
  });
  return (
    <FormDialog
      open={open}
      title="Delete your account?"
      description={`Your profile, resume, mock interviews, meetings with their recordings, transcripts and feedback, and your credits are removed for good, and you are signed out. Invoices are kept as legal records without a link to you. Download your data first if you want a copy. Type ${ACCOUNT_DELETION_WORD} or your e-mail address to confirm.`}
      submitLabel="Delete my account"
      {...dialog}
    >
      <TextField
        label="Confirmation"
        autoFocus
        autoComplete="off"
        placeholder={ACCOUNT_DELETION_WORD}
        {...field('typed')}
      />
    </FormDialog>
  );
}

/** /settings "Your data": the archive of everything, and the account's deletion (issue 19). */
export function YourDataCard({ email }: { email: string }) {
  const exportData = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <SettingsCard
      title="Your data"
      description="Everything you gave or made here: your profile and resume, mock interviews, meetings with their recordings, transcripts and feedback, consent and invoices."
    >
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg">Download all my data</p>
            <p className="text-sm text-muted" aria-live="polite">
              {exportData.isPending
                ? 'Preparing your archive. Recordings can take a while; keep this page open.'
                : 'One ZIP file, with a README and a list of every item.'}
            </p>
          </div>
          <Button
            variant="secondary"
            loading={exportData.isPending}
            onClick={() => exportData.mutate()}
          >
            <Download aria-hidden />
            Download all my data
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-5">
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg">Delete my account</p>
            <p className="text-sm text-muted">
              Removes your account and all of its data. This cannot be undone.
            </p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden />
            Delete my account
          </Button>
        </div>
      </CardContent>
      <DeleteAccountDialog open={deleting} email={email} onClose={() => setDeleting(false)} />
    </SettingsCard>
  );
}
