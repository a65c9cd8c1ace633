import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from './DataTable';

interface Row {
  id: string;
  name: string;
  size: number;
}

const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
  { id: 'size', header: 'Size', sortable: true, descFirst: true, cell: (r) => r.size },
  { id: 'note', header: 'Note', cell: () => '—' },
];
const rows: Row[] = [
  { id: 'a', name: 'Alpha', size: 1 },
  { id: 'b', name: 'Beta', size: 2 },
];

afterEach(cleanup);

function setup(extra: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const onSortChange = vi.fn();
  const onPageChange = vi.fn();
  const onSelect = vi.fn();
  render(
    <DataTable<Row>
      label="Things"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      sort={{ id: 'name', desc: false }}
      onSortChange={onSortChange}
      pagination={{ pageIndex: 0, pageSize: 10, count: 25, onPageChange }}
      selection={{ selected: new Set(['a']), onChange: onSelect }}
      empty={<p>Nothing here</p>}
      {...extra}
    />,
  );
  return { onSortChange, onPageChange, onSelect };
}

describe('DataTable', () => {
  it('marks the sorted column with aria-sort and sorts on header buttons', () => {
    const { onSortChange } = setup();
    const headers = screen.getAllByRole('columnheader');
    const name = headers.find((h) => h.textContent === 'Name');
    const size = headers.find((h) => h.textContent === 'Size');
    expect(name?.getAttribute('aria-sort')).toBe('ascending');
    expect(size?.getAttribute('aria-sort')).toBe('none');
    expect(headers.find((h) => h.textContent === 'Note')?.hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'size', desc: true });
  });

  it('paginates: page x of y with previous and next', () => {
    const { onPageChange } = setup();
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('selects rows one by one or all at once', () => {
    const { onSelect } = setup();
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    expect(all.getAttribute('data-state')).toBe('indeterminate');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    expect([...(onSelect.mock.calls[0]?.[0] ?? [])]).toEqual(['a', 'b']);
    fireEvent.click(all);
    expect([...(onSelect.mock.calls[1]?.[0] ?? [])]).toEqual(['a', 'b']);
  });

  it('shows skeleton rows while loading and the empty slot when there are no rows', () => {
    setup({ rows: [], loading: true, pagination: undefined });
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    cleanup();
    setup({ rows: [], pagination: { pageIndex: 0, pageSize: 10, count: 0, onPageChange() {} } });
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.queryByTestId('page-indicator')).toBeNull();
  });
});
