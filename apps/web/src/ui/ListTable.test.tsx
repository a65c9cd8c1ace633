import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Pencil, Trash2, Users } from 'lucide-react';
import { useConfirmedAction } from '../lib/use-confirmed-action';
import { useListState } from '../lib/use-list-state';
import { toastStore } from '../lib/toast';
import { ConfirmDialog } from './ConfirmDialog';
import type { DataColumn } from './DataTable';
import { ListTable, type ListResult } from './ListTable';
import { actionsColumn, RowActions } from './row-actions';
import { SearchInput } from './SearchInput';
import { SelectField } from './Select';

interface Person {
  id: string;
  name: string;
}

const PEOPLE: Person[] = Array.from({ length: 12 }, (_, i) => ({
  id: `p${i}`,
  name: `Person ${i}`,
}));
const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (p) => p.name },
];

const loaded = (data: Person[], count = data.length): ListResult<Person> => ({
  data: { data, count },
  isLoading: false,
  isFetching: false,
  isError: false,
  refetch: vi.fn(),
});

/** A small admin list the way a page writes one: state, query, table, one row action. */
function People(props: {
  result: ListResult<Person>;
  onQuery(query: unknown): void;
  remove(p: Person): Promise<{ message: string }>;
  extraAction?: boolean;
}) {
  const list = useListState({ sort: { id: 'name', desc: false }, filters: { role: 'all' } });
  props.onQuery({ ...list.query, order: list.order, role: list.filters.role });
  const removal = useConfirmedAction(props.remove);
  const all: DataColumn<Person>[] = [
    ...columns,
    actionsColumn(
      (p) => p.name,
      (p) => [
        { label: 'Delete', icon: Trash2, onSelect: () => removal.ask(p) },
        ...(props.extraAction ? [{ label: 'Edit', onSelect: () => {} }] : []),
      ],
    ),
  ];
  return (
    <>
      <SearchInput label="Search people" {...list.searchBox} />
      <SelectField
        label="Role"
        value={list.filters.role}
        onValueChange={(v) => list.setFilter('role', v)}
        options={[
          { value: 'all', label: 'All' },
          { value: 'admin', label: 'Admins' },
        ]}
      />
      <ListTable
        label="People"
        list={list}
        result={props.result}
        columns={all}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        icon={Users}
        noun="people"
        empty={{
          title: 'Nobody here yet',
          noMatch: 'Nobody matches',
          description: 'Invite someone.',
        }}
      />
      <ConfirmDialog
        {...removal.dialog}
        title={`Remove ${removal.target?.name ?? ''}?`}
        description="They lose access."
        confirmLabel="Remove"
      />
    </>
  );
}

function setup(result: ListResult<Person>, extra: Partial<Parameters<typeof People>[0]> = {}) {
  const onQuery = vi.fn();
  const remove = vi.fn((p: Person) => Promise.resolve({ message: `${p.name} removed` }));
  render(<People result={result} onQuery={onQuery} remove={remove} {...extra} />);
  const lastQuery = () => onQuery.mock.calls.at(-1)?.[0] as Record<string, unknown>;
  return { onQuery, remove, lastQuery };
}

afterEach(() => {
  cleanup();
  toastStore.set([]);
});

describe('a list built from useListState and ListTable', () => {
  it('asks for page 0 sorted as given, and pages through the count', () => {
    const { lastQuery } = setup(loaded(PEOPLE.slice(0, 10), 12));
    expect(lastQuery()).toEqual({ page: 0, size: 10, order: 'name:asc', role: 'all' });
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(lastQuery()).toMatchObject({ page: 1 });
  });

  it('returns to the first page when the search, a filter or the sort changes', async () => {
    const { lastQuery } = setup(loaded(PEOPLE.slice(0, 10), 12));
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    next();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), {
      target: { value: '  ada ' },
    });
    // The search is sent once typing pauses (debounced).
    expect(lastQuery()).toMatchObject({ page: 0 });
    expect(lastQuery()).not.toHaveProperty('search');
    await waitFor(() => expect(lastQuery()).toHaveProperty('search'));
    expect(lastQuery()).toEqual({
      page: 0,
      size: 10,
      search: 'ada',
      order: 'name:asc',
      role: 'all',
    });
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(lastQuery()).toMatchObject({ page: 0, order: 'name:desc' });
  });

  it('says the list is empty, or that nothing matches once it is narrowed', async () => {
    setup(loaded([]));
    expect(screen.getByText('Nobody here yet')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zed' } });
    expect(await screen.findByText('Nobody matches')).toBeTruthy();
  });

  it('replaces the table with a load error that retries', () => {
    const failed: ListResult<Person> = { ...loaded([]), data: undefined, isError: true };
    setup(failed);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('The people could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalled();
  });

  it('asks before a row action, runs it and toasts the answer', async () => {
    const { remove } = setup(loaded(PEOPLE.slice(0, 2)));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Person 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Person 1?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    });
    expect(remove).toHaveBeenCalledWith(PEOPLE[1]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(toastStore.get()[0]).toMatchObject({ title: 'Person 1 removed', variant: 'success' });
  });

  it('keeps the question open when the action fails', async () => {
    setup(loaded(PEOPLE.slice(0, 1)), { remove: () => Promise.reject(new Error('409')) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Person 0' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('gathers several row actions in one menu', () => {
    setup(loaded(PEOPLE.slice(0, 1)), { extraAction: true });
    expect(screen.queryByRole('button', { name: 'Delete Person 0' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions for Person 0' })).toBeTruthy();
  });
});

describe('RowActions', () => {
  const items = (onEdit: () => void) => [
    { label: 'Edit', icon: Pencil, onSelect: onEdit },
    { label: 'Delete', icon: Trash2, onSelect: () => {} },
  ];

  it('shows several actions as buttons side by side when inline, each named for the row', () => {
    const onEdit = vi.fn();
    render(<RowActions label="KEY_A" items={items(onEdit)} inline />);
    expect(screen.queryByRole('button', { name: 'Actions for KEY_A' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit KEY_A' }));
    expect(onEdit).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete KEY_A' })).toBeTruthy();
  });

  it('shows nothing without actions', () => {
    const { container } = render(<RowActions label="KEY_A" items={[]} />);
    expect(container.textContent).toBe('');
  });
});
