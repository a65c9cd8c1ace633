import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import type { ListState } from '../lib/use-list-state';
import { Button } from './Button';
import { ListTable, type ListTableProps } from './ListTable';
import { SearchInput } from './SearchInput';
import { Section } from './Section';

export interface ListSectionProps<T> extends ListTableProps<T> {
  list: ListTableProps<T>['list'] & Pick<ListState, 'searchBox'>;
  title: string;
  description?: ReactNode;
  /** The search box over the table: its label and placeholder. */
  search: { label: string; placeholder?: string };
  /** The add button beside the title; leave it out for who may not add. */
  add?: { label: string; onClick(): void } | null;
  /** More controls in the search row (filters). */
  filters?: ReactNode;
  /** Between the search row and the table (e.g. tag chips). */
  above?: ReactNode;
  /** Below the table: the section's dialogs. */
  children?: ReactNode;
}

/**
 * An admin list: a titled section with its add button, a search row with the filters, the
 * server-paged table (ListTable) and the dialogs it opens. One layout for every such list.
 */
export function ListSection<T>({
  title,
  description,
  search,
  add,
  filters,
  above,
  children,
  ...table
}: ListSectionProps<T>) {
  return (
    <Section
      title={title}
      description={description}
      actions={
        add ? (
          <Button onClick={add.onClick}>
            <Plus aria-hidden /> {add.label}
          </Button>
        ) : null
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput {...search} {...table.list.searchBox} className="w-full max-w-xs" />
        {filters}
      </div>
      {above}
      <ListTable {...table} />
      {children}
    </Section>
  );
}
