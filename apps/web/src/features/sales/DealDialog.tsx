import type { Deal } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { useFormDialog } from '../../lib/use-form-dialog';
import { FormDialog, SelectField, TextField } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useAccounts, useSalesChanges, useSalesFilters } from './api';
import { SALES_STAGES, validateDeal, type DealValues, type SalesStage } from './model';

const NONE = 'none';

function valuesOf(deal: Deal | null, me: string): DealValues {
  return {
    name: deal?.name ?? '',
    accountId: deal?.accountId ?? '',
    stage: deal && deal.stage !== 'basic_meeting' ? deal.stage : 'prospecting_stage',
    amount: deal ? String(deal.amount) : '',
    currency: deal?.currency ?? 'USD',
    closeDate: deal?.closeDate ?? '',
    // A new deal is the creator's unless they choose someone else.
    ownerId: deal ? (deal.ownerId ?? '') : me,
  };
}

/** Create a deal in Parley or change one (`deal` null creates). */
export function DealDialog({ deal, onClose }: { deal: Deal | null; onClose(): void }) {
  const { user } = useAuth();
  const accounts = useAccounts().data?.data ?? [];
  const people = useSalesFilters(useCan('sales.team')).data?.names ?? [];
  const { createDeal, updateDeal } = useSalesChanges();
  const { form, field, dialog } = useFormDialog({
    initial: valuesOf(deal, user?.id ?? ''),
    validate: validateDeal,
    save: (body) =>
      deal ? updateDeal.mutateAsync({ id: deal.id, body }) : createDeal.mutateAsync(body),
    failure: deal ? 'The deal could not be saved' : 'The deal could not be created',
    onSaved: (saved) =>
      toast({
        title: deal ? 'Deal saved' : 'Deal created',
        description: saved.name,
        variant: 'success',
      }),
    onClose,
  });
  const v = form.values;
  // The current owner stays choosable even when they are not in the caller's team list.
  const owners = [
    ...people.map((p) => ({ value: p.id, label: p.name })),
    ...(deal?.ownerId && !people.some((p) => p.id === deal.ownerId)
      ? [{ value: deal.ownerId, label: deal.ownerName ?? 'Current owner' }]
      : []),
    ...(user && !people.some((p) => p.id === user.id) && user.id !== deal?.ownerId
      ? [{ value: user.id, label: 'Me' }]
      : []),
  ];
  return (
    <FormDialog
      open
      title={deal ? `Edit ${deal.name}` : 'New deal'}
      description="An account’s opportunity: its stage, amount, close date and owner."
      submitLabel={deal ? 'Save' : 'Create deal'}
      {...dialog}
    >
      <TextField
        label="Name"
        autoFocus
        maxLength={200}
        data-testid="deal-name"
        {...field('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Account"
          value={v.accountId || NONE}
          onValueChange={(id) => form.set('accountId', id === NONE ? '' : id)}
          options={[
            { value: NONE, label: 'No account' },
            ...accounts.map((a) => ({ value: a.id, label: a.name })),
          ]}
        />
        <SelectField
          label="Stage"
          value={v.stage}
          onValueChange={(s) => form.set('stage', s as SalesStage)}
          options={SALES_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
        />
      </div>
      <div className="grid grid-cols-[1fr_6rem] gap-4">
        <TextField
          label="Amount"
          inputMode="decimal"
          placeholder="0"
          data-testid="deal-amount"
          {...field('amount')}
        />
        <TextField label="Currency" maxLength={3} className="uppercase" {...field('currency')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Close date" type="date" {...field('closeDate')} />
        <SelectField
          label="Owner"
          value={v.ownerId || NONE}
          onValueChange={(id) => form.set('ownerId', id === NONE ? '' : id)}
          options={[{ value: NONE, label: 'No owner' }, ...owners]}
        />
      </div>
    </FormDialog>
  );
}
