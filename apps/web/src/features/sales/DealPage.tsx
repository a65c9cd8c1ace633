import { useDocumentTitle } from '../../lib/use-document-title';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  ArrowLeft,
  Briefcase,
  FileQuestion,
  Pencil,
  PhoneOff,
  Trash2,
  UserPlus,
  Users,
} from 'lucide-react';
import type { DealContact } from '@parley/contracts';
import { isApiError } from '../../lib/api';
import { useCan } from '../../lib/auth-store';
import { formatDate } from '../../lib/datetime';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import {
  actionsColumn,
  Badge,
  Button,
  DataTable,
  DeleteDialog,
  EmptyState,
  Pagination,
  Section,
  Spinner,
  type DataColumn,
  editAndDelete,
} from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useDeal, useDealCalls, useDealContacts, useSalesChanges } from './api';
import { CallList } from './CallsDialog';
import { ContactDialog } from './ContactDialog';
import { DealDialog } from './DealDialog';
import { formatAmount, formatCloseDate } from './model';
import { DealWarnings } from './DealWarnings';
import { NextStepDetail } from './DealNextStep';

const SOURCES = { parley: 'Parley', hubspot: 'HubSpot', salesforce: 'Salesforce' } as const;

/** The deal's calls in time order, each opening its meeting. */
function DealCalls({ dealId, total }: { dealId: string; total: number }) {
  const team = useCan('sales.team');
  const [page, setPage] = useState(0);
  const calls = useDealCalls(dealId, team, page);
  return (
    <Section
      title="Calls"
      description={
        team
          ? 'The team’s calls about this deal, oldest first.'
          : 'Your calls about this deal, oldest first.'
      }
    >
      <div
        className="rounded-card border border-border bg-surface px-2 py-1 shadow-sm"
        data-testid="deal-calls"
      >
        {calls.isError ? (
          <p className="p-3 text-sm text-danger">The calls could not be loaded.</p>
        ) : (calls.data?.count ?? 0) === 0 && !calls.isLoading ? (
          <EmptyState
            className="border-0"
            icon={PhoneOff}
            title={!team && total > 0 ? 'None of your calls yet' : 'No calls yet'}
            description={
              !team && total > 0
                ? `The deal has ${total} ${total === 1 ? 'call' : 'calls'} by others on the team; yours show here once linked.`
                : 'Link a call to this deal from its meeting page, or choose the deal when uploading.'
            }
          />
        ) : (
          <div className="px-2">
            <CallList calls={calls.data?.data ?? []} loading={calls.isLoading} />
          </div>
        )}
      </div>
      {(calls.data?.count ?? 0) > 10 ? (
        <Pagination
          pageIndex={page}
          pageSize={10}
          count={calls.data?.count ?? 0}
          onPageChange={setPage}
          noun="calls"
        />
      ) : null}
    </Section>
  );
}

function DealContacts({ dealId, canManage }: { dealId: string; canManage: boolean }) {
  const contacts = useDealContacts(dealId);
  const editor = useEditor<DealContact>();
  const { deleteContact } = useSalesChanges();
  const removal = useConfirmedAction((c: DealContact) => deleteContact.mutateAsync(c.id));
  const columns: DataColumn<DealContact>[] = [
    { id: 'name', header: 'Name', cell: (c) => c.name || <span className="text-subtle">—</span> },
    { id: 'email', header: 'E-mail', cell: (c) => <span className="text-muted">{c.email}</span> },
    { id: 'role', header: 'Role', cell: (c) => c.role ?? <span className="text-subtle">—</span> },
    ...(canManage
      ? [
          actionsColumn<DealContact>(
            (c) => c.name || c.email,
            (c) => editAndDelete(c, editor.edit, removal.ask),
          ),
        ]
      : []),
  ];
  return (
    <Section
      title="Contacts"
      actions={
        canManage ? (
          <Button variant="secondary" onClick={editor.add} data-testid="add-contact">
            <UserPlus aria-hidden /> Add contact
          </Button>
        ) : null
      }
    >
      <DataTable
        label="Contacts"
        columns={columns}
        rows={contacts.data?.data ?? []}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name || c.email}
        loading={contacts.isLoading}
        empty={
          <EmptyState
            className="border-0 py-8"
            icon={Users}
            title="No contacts yet"
            description={
              canManage
                ? 'Add the people on the buyer’s side; their calls can then be matched to the deal.'
                : 'Contacts are added by your sales manager or synced from your CRM.'
            }
          />
        }
      />
      {editor.open ? (
        <ContactDialog
          key={editor.key}
          dealId={dealId}
          contact={editor.target}
          onClose={editor.close}
        />
      ) : null}
      <DeleteDialog
        action={removal}
        name={(c) => c.name || c.email}
        noun="contact"
        description="They are removed from the deal."
      />
    </Section>
  );
}

/** /accounts/deals/:id: a deal, its contacts and its calls in time order. Reps read it only. */
export default function DealPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = useCan('sales.manage');
  const team = useCan('sales.team');
  const deal = useDeal(id);
  useDocumentTitle(deal.data?.name);
  const [editing, setEditing] = useState(false);
  const { deleteDeal } = useSalesChanges();
  const removal = useConfirmedAction(async (dealId: string) => {
    const r = await deleteDeal.mutateAsync(dealId);
    navigate(team ? '/accounts?view=deals' : '/', { replace: true });
    return r;
  });
  const back = () =>
    location.key !== 'default' ? navigate(-1) : navigate(team ? '/accounts?view=deals' : '/');

  if (deal.isLoading)
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner className="size-6 text-accent" label="Loading deal" />
      </div>
    );
  const d = deal.data;
  if (!d) {
    const missing = isApiError(deal.error, 404);
    return (
      <EmptyState
        icon={FileQuestion}
        title={missing ? 'Deal not found' : 'The deal could not be loaded'}
        description={missing ? 'It may have been deleted.' : 'Check your connection and try again.'}
        action={
          missing ? (
            <Button asChild variant="secondary">
              <Link to={team ? '/accounts?view=deals' : '/'}>Back</Link>
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void deal.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }

  const facts: [string, string][] = [
    ['Account', d.accountName ?? '—'],
    ['Stage', STAGE_LABELS[d.stage]],
    ['Amount', formatAmount(d.amount, d.currency)],
    ['Close date', formatCloseDate(d.closeDate)],
    ['Owner', d.ownerName ?? '—'],
    ['Calls', String(d.meetingsCount)],
    ['Last call', d.lastMeetingAt ? formatDate(d.lastMeetingAt) : '—'],
    ['Source', SOURCES[d.source]],
  ];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start gap-x-3 gap-y-3">
        <Button variant="ghost" size="icon" aria-label="Back" onClick={back} className="-ml-2">
          <ArrowLeft aria-hidden />
        </Button>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight text-fg">
            <Briefcase className="size-5 text-subtle" aria-hidden />
            <span className="min-w-0 break-words" data-testid="deal-title">
              {d.name}
            </span>
            <Badge tone="accent">{STAGE_LABELS[d.stage]}</Badge>
          </h1>
          <p className="tabular text-sm text-muted">
            {formatAmount(d.amount, d.currency)} · {d.accountName ?? 'No account'} · closes{' '}
            {formatCloseDate(d.closeDate)}
          </p>
          <DealWarnings warnings={d.warnings} />
        </div>
        {canManage ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="edit-deal">
              <Pencil aria-hidden /> Edit
            </Button>
            <Button
              variant="ghost"
              className="text-danger hover:text-danger"
              onClick={() => removal.ask(d.id)}
            >
              <Trash2 aria-hidden /> Delete
            </Button>
          </div>
        ) : (
          <Badge>Read-only</Badge>
        )}
      </header>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-card border border-border bg-surface p-4 text-sm shadow-sm sm:grid-cols-4">
        {facts.map(([k, v]) => (
          <div key={k} className="flex min-w-0 flex-col gap-0.5">
            <dt className="text-xs text-muted">{k}</dt>
            <dd className="tabular min-w-0 break-words text-fg">{v}</dd>
          </div>
        ))}
        <div className="col-span-2 flex min-w-0 flex-col gap-0.5 sm:col-span-4">
          <dt className="text-xs text-muted">Next step</dt>
          <dd>
            <NextStepDetail step={d.nextStep} />
          </dd>
        </div>
      </dl>
      <DealCalls dealId={d.id} total={d.meetingsCount} />
      <DealContacts dealId={d.id} canManage={canManage} />
      {editing ? <DealDialog deal={d} onClose={() => setEditing(false)} /> : null}
      <DeleteDialog
        action={removal}
        name={() => d.name}
        noun="deal"
        description="Its contacts are deleted and its calls are unlinked from it."
      />
    </div>
  );
}
