import { Plus, Tags } from 'lucide-react';
import type { Tracker } from '@parley/contracts';
import { useCan } from '../../lib/auth-store';
import { formatDate } from '../../lib/datetime';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import {
  actionsColumn,
  Button,
  DataTable,
  DeleteDialog,
  EmptyState,
  Section,
  type DataColumn,
  editAndDelete,
} from '../../ui';
import { ConfigurationFrame } from '../configuration';
import { useTrackerChanges, useTrackers } from './api';
import { TrackerChart } from './TrackerChart';
import { TrackerDialog } from './TrackerDialog';

/**
 * /configuration/trackers: the organisation's keyword trackers and how often they come up.
 * Everyone reads them; the point of contact and sales managers (trackers.manage) change them.
 */
export default function TrackersPage() {
  const canManage = useCan('trackers.manage');
  const trackers = useTrackers();
  const editor = useEditor<Tracker>();
  const { remove } = useTrackerChanges();
  const removal = useConfirmedAction((t: Tracker) => remove.mutateAsync(t.id));

  const columns: DataColumn<Tracker>[] = [
    {
      id: 'name',
      header: 'Tracker',
      cell: (t) => <span className="font-medium text-fg">{t.name}</span>,
    },
    {
      id: 'phrases',
      header: 'Phrases',
      cell: (t) => <span className="text-muted">{t.phrases.join(', ')}</span>,
    },
    {
      id: 'updatedAt',
      header: 'Changed',
      cell: (t) => <span className="tabular text-muted">{formatDate(t.updatedAt)}</span>,
    },
    ...(canManage
      ? [
          actionsColumn<Tracker>(
            (t) => t.name,
            (t) => editAndDelete(t, editor.edit, removal.ask),
          ),
        ]
      : []),
  ];

  return (
    <ConfigurationFrame
      current="trackers"
      title="Trackers"
      description="Topics your conversations are counted for: competitors, pricing, security review."
    >
      <Section
        title="Keyword trackers"
        description="Mentions are marked on each meeting's transcript and seek bar."
        actions={
          canManage ? (
            <Button onClick={editor.add} data-testid="new-tracker">
              <Plus aria-hidden /> New tracker
            </Button>
          ) : null
        }
      >
        <DataTable
          label="Keyword trackers"
          columns={columns}
          rows={trackers.data ?? []}
          rowKey={(t) => t.id}
          rowLabel={(t) => t.name}
          loading={trackers.isLoading}
          empty={
            <EmptyState
              icon={Tags}
              title="No trackers yet"
              description={
                canManage
                  ? 'Create one to count a topic in every conversation.'
                  : 'Your point of contact or sales manager can create them.'
              }
            />
          }
        />
      </Section>
      <TrackerChart />
      {editor.open ? (
        <TrackerDialog key={editor.key} tracker={editor.target} onClose={editor.close} />
      ) : null}
      <DeleteDialog
        action={removal}
        name={(t) => t.name}
        noun="tracker"
        description="Its mentions are removed from every meeting."
      />
    </ConfigurationFrame>
  );
}
