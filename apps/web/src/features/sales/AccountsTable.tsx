import { Building2 } from 'lucide-react';
import type { SalesAccount } from '@parley/contracts';
import { useListState } from '../../lib/use-list-state';
import { actionsColumn, ListTable, SearchInput, type DataColumn, editAndDelete } from '../../ui';
import { useAccounts } from './api';

/** The organisation's accounts with their deals; managers change and delete them. */
export function AccountsTable({
  canManage,
  onEdit,
  onDelete,
}: {
  canManage: boolean;
  onEdit(account: SalesAccount): void;
  onDelete(account: SalesAccount): void;
}) {
  const list = useListState();
  const accounts = useAccounts(list.query.search ?? '', list.page, list.pageSize);
  const columns: DataColumn<SalesAccount>[] = [
    { id: 'name', header: 'Account', cell: (a) => <span className="font-medium">{a.name}</span> },
    {
      id: 'domain',
      header: 'Domain',
      cell: (a) => <span className="text-muted">{a.domain ?? '—'}</span>,
    },
    {
      id: 'deals',
      header: 'Deals',
      className: 'text-right',
      cell: (a) => <span className="tabular">{a.dealsCount}</span>,
    },
    ...(canManage
      ? [
          actionsColumn<SalesAccount>(
            (a) => a.name,
            (a) => editAndDelete(a, onEdit, onDelete),
          ),
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      <SearchInput label="Search accounts" className="w-full sm:w-72" {...list.searchBox} />
      <ListTable
        label="Accounts"
        columns={columns}
        list={list}
        result={accounts}
        icon={Building2}
        noun="accounts"
        rowKey={(a) => a.id}
        rowLabel={(a) => a.name}
        empty={{
          title: 'No accounts yet',
          noMatch: 'No accounts match',
          description: canManage
            ? 'Create an account for the company a deal is with.'
            : 'Accounts are created by your sales manager or synced from your CRM.',
        }}
      />
    </div>
  );
}
