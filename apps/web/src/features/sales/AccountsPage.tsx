import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Building2, Plus } from 'lucide-react';
import { MEETING_STAGES, type Deal, type MeetingStage, type SalesAccount } from '@parley/contracts';
import { useCan } from '../../lib/auth-store';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import {
  Button,
  DeleteDialog,
  FeatureGate,
  PageHeader,
  Section,
  SelectField,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { AccountDialog } from './AccountDialog';
import { AccountsTable } from './AccountsTable';
import {
  NO_FILTERS,
  SALES_FEATURE,
  useSalesChanges,
  useSalesFeature,
  useSalesFilters,
  type SalesFilters,
} from './api';
import { DealAmountChart } from './DealAmountChart';
import { DealDialog } from './DealDialog';
import { DealsTable } from './DealsTable';
import { SalesFilterBar } from './SalesFilterBar';
import { TeamsView } from './TeamsView';

type View = 'teams' | 'deals';

const stageOf = (v: string | null): MeetingStage | 'all' =>
  MEETING_STAGES.includes(v as MeetingStage) && v !== 'basic_meeting' ? (v as MeetingStage) : 'all';

/**
 * /accounts (spec 2 §2 "Teams and deals view"): the stage (default all), Teams (default) or
 * Deals, and the name, opportunity and account filters. The view and stage are in the address,
 * so Back from a deal returns to the same view.
 */
export default function AccountsPage() {
  const hasFeature = useSalesFeature();
  const team = useCan('sales.team');
  const canManage = useCan('sales.manage');
  const [params, setParams] = useSearchParams();
  const view: View = team && params.get('view') !== 'deals' ? 'teams' : 'deals';
  const stage = stageOf(params.get('stage'));
  const [filters, setFilters] = useState<SalesFilters>(NO_FILTERS);
  const people = useSalesFilters(team && hasFeature);

  const set = (key: 'view' | 'stage', value: string, fallback: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const dealEditor = useEditor<Deal>();
  const accountEditor = useEditor<SalesAccount>();
  const { deleteDeal, deleteAccount } = useSalesChanges();
  const dealRemoval = useConfirmedAction((d: Deal) => deleteDeal.mutateAsync(d.id));
  const accountRemoval = useConfirmedAction((a: SalesAccount) => deleteAccount.mutateAsync(a.id));

  const header = (
    <PageHeader
      title="Accounts"
      description="Your team’s calls by stage, and the deals they are about."
      actions={
        canManage && hasFeature ? (
          <>
            <Button variant="secondary" onClick={accountEditor.add} data-testid="new-account">
              <Building2 aria-hidden /> New account
            </Button>
            <Button onClick={dealEditor.add} data-testid="new-deal">
              <Plus aria-hidden /> New deal
            </Button>
          </>
        ) : null
      }
    />
  );
  if (!hasFeature)
    return (
      <div>
        {header}
        <FeatureGate feature={SALES_FEATURE}>
          <div className="h-72" />
        </FeatureGate>
      </div>
    );

  const filterRow = (
    <div className="-mt-2 flex flex-wrap items-end gap-3">
      {team ? (
        <TabsList aria-label="View">
          <TabsTrigger value="teams" data-testid="view-teams">
            Teams
          </TabsTrigger>
          <TabsTrigger value="deals" data-testid="view-deals">
            Deals
          </TabsTrigger>
        </TabsList>
      ) : null}
      <SelectField
        label="Stage"
        labelInside
        className="w-full sm:w-60"
        value={stage}
        onValueChange={(s) => set('stage', s, 'all')}
        options={[
          { value: 'all', label: 'All stages' },
          ...MEETING_STAGES.filter((s) => s !== 'basic_meeting').map((s) => ({
            value: s,
            label: STAGE_LABELS[s],
          })),
        ]}
      />
      {team ? <SalesFilterBar data={people.data} value={filters} onChange={setFilters} /> : null}
    </div>
  );
  const body =
    view === 'teams' ? (
      <TeamsView people={people} stage={stage} filters={filters} />
    ) : (
      <>
        {team ? <DealAmountChart stage={stage} filters={filters} /> : null}
        <Section title="Deals">
          <DealsTable
            stage={stage}
            filters={filters}
            canManage={canManage}
            onNew={dealEditor.add}
            onEdit={dealEditor.edit}
            onDelete={dealRemoval.ask}
          />
        </Section>
        <Section title="Accounts">
          <AccountsTable
            canManage={canManage}
            onEdit={accountEditor.edit}
            onDelete={accountRemoval.ask}
          />
        </Section>
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      {header}
      {team ? (
        <Tabs
          value={view}
          onValueChange={(v) => set('view', v, 'teams')}
          className="flex flex-col gap-6"
        >
          {filterRow}
          {/* The open view is its tab's panel (the trigger's aria-controls names it). */}
          <TabsContent value={view} className="flex flex-col gap-6">
            {body}
          </TabsContent>
        </Tabs>
      ) : (
        <>
          {filterRow}
          {body}
        </>
      )}
      {dealEditor.open ? (
        <DealDialog key={dealEditor.key} deal={dealEditor.target} onClose={dealEditor.close} />
      ) : null}
      {accountEditor.open ? (
        <AccountDialog
          key={accountEditor.key}
          account={accountEditor.target}
          onClose={accountEditor.close}
        />
      ) : null}
      <DeleteDialog
        action={dealRemoval}
        name={(d) => d.name}
        noun="deal"
        description="Its contacts are deleted and its calls are unlinked from it."
      />
      <DeleteDialog
        action={accountRemoval}
        name={(a) => a.name}
        noun="account"
        description="Its deals stay, without an account."
      />
    </div>
  );
}
