import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { ListState } from '../lib/use-list-state';
import { DataTable, type DataTableProps } from './DataTable';
import { EmptyState, LoadError } from './EmptyState';

/** One page of a list route's answer. */
export interface ListPage<T> {
  data: T[];
  count: number;
}

/** What the table reads of a list query (a TanStack Query result fits). */
export interface ListResult<T> {
  data?: ListPage<T>;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

type OwnProps =
  'rows' | 'loading' | 'refreshing' | 'sort' | 'onSortChange' | 'pagination' | 'empty';

export interface ListTableProps<T> extends Omit<DataTableProps<T>, OwnProps> {
  list: Pick<ListState, 'page' | 'pageSize' | 'sort' | 'setSort' | 'setPage' | 'narrowed'>;
  result: ListResult<T>;
  icon: LucideIcon;
  /** The rows in the plural: the pager's count ('12 models') and the load error ('The models'). */
  noun: string;
  /** What could not be loaded, when not 'The {noun}'. */
  what?: string;
  /** What an empty list says; `noMatch` replaces the title when search or a filter is on. */
  empty: { title: string; description: ReactNode; noMatch?: string };
}

/**
 * A server-paged list in the one table (DataTable): skeleton rows on the first load, the old
 * page dimmed while the next loads, sort and pages from useListState, an empty state and a
 * load error with a retry in place of the table.
 */
export function ListTable<T>({
  list,
  result,
  icon,
  noun,
  what,
  empty,
  ...table
}: ListTableProps<T>) {
  if (result.isError)
    return (
      <LoadError icon={icon} what={what ?? `The ${noun}`} onRetry={() => void result.refetch()} />
    );
  return (
    <DataTable
      {...table}
      rows={result.data?.data ?? []}
      loading={result.isLoading}
      refreshing={result.isFetching && !result.isLoading}
      {...(list.sort ? { sort: list.sort, onSortChange: list.setSort } : {})}
      empty={
        <EmptyState
          icon={icon}
          title={list.narrowed && empty.noMatch ? empty.noMatch : empty.title}
          description={empty.description}
        />
      }
      pagination={{
        pageIndex: list.page,
        pageSize: list.pageSize,
        count: result.data?.count ?? 0,
        onPageChange: list.setPage,
        noun,
      }}
    />
  );
}
