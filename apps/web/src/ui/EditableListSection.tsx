import { Fragment, type ReactNode } from 'react';
import { useConfirmedAction } from '../lib/use-confirmed-action';
import { useEditor } from '../lib/use-editor';
import type { ToastVariant } from '../lib/toast';
import { DeleteDialog } from './ConfirmDialog';
import { ListSection, type ListSectionProps } from './ListSection';
import { actionsColumn, editAndDelete, RowActions } from './row-actions';

type Managed = 'add' | 'children' | 'rowKey' | 'rowLabel' | 'renderCard';

export interface EditableListSectionProps<T extends { id: string }> extends Omit<
  ListSectionProps<T>,
  Managed
> {
  /** The row's name: its card, its actions ('Edit Pro bundle') and the delete question. */
  nameOf(row: T): string;
  /** One row, in lower case: 'Add {singular}', 'Delete {singular}?'. */
  singular: string;
  /** A phone's card of one row, beside its actions. */
  card(row: T): ReactNode;
  /** The add and edit form: `editing` is null when adding. */
  dialog(props: { open: boolean; editing: T | null; onClose(): void }): ReactNode;
  deleteRow(row: T): Promise<{ message: string; variant?: ToastVariant }>;
  /** Said in the delete question: what deleting does or when it is refused. */
  deleteDescription: ReactNode;
}

/**
 * A ListSection whose rows are added, edited and deleted by whoever sees it (the catalogue,
 * parameters): the add button, an Edit and a Delete on each row and card, the form dialog
 * and the delete question, wired once.
 */
export function EditableListSection<T extends { id: string }>({
  nameOf,
  singular,
  card,
  dialog,
  deleteRow,
  deleteDescription,
  columns,
  ...section
}: EditableListSectionProps<T>) {
  const editor = useEditor<T>();
  const removal = useConfirmedAction(deleteRow);
  const actionsOf = (row: T) => editAndDelete(row, editor.edit, removal.ask);

  return (
    <ListSection
      {...section}
      add={{ label: `Add ${singular}`, onClick: editor.add }}
      columns={[...columns, actionsColumn(nameOf, actionsOf, { inline: true })]}
      rowKey={(row) => row.id}
      rowLabel={nameOf}
      renderCard={(row) => (
        <div className="flex items-start justify-between gap-3">
          <span className="flex min-w-0 flex-col gap-1">{card(row)}</span>
          <RowActions label={nameOf(row)} items={actionsOf(row)} inline />
        </div>
      )}
    >
      <Fragment key={editor.key}>
        {dialog({ open: editor.open, editing: editor.target, onClose: editor.close })}
      </Fragment>
      <DeleteDialog
        action={removal}
        name={nameOf}
        noun={singular}
        description={deleteDescription}
      />
    </ListSection>
  );
}
