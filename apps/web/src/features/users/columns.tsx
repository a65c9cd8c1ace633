import { Badge, type DataColumn } from '../../ui';

/** Columns the User Management tables share (users, groups, custom roles). */
export const nameColumn = <T extends { name: string }>(header: string): DataColumn<T> => ({
  id: 'name',
  header,
  cell: (row) => <span className="font-medium text-fg">{row.name}</span>,
});

export const usersCountColumn = <T extends { usersCount: number }>(): DataColumn<T> => ({
  id: 'users',
  header: 'Users',
  className: 'text-right',
  cell: (row) => <span className="tabular">{row.usersCount}</span>,
});

export const statusColumn = <T extends { status: string }>(): DataColumn<T> => ({
  id: 'status',
  header: 'Status',
  cell: (row) => <Badge tone={row.status === 'active' ? 'success' : 'neutral'}>{row.status}</Badge>,
});
