import { Pencil, Trash2 } from 'lucide-react';
import { ActionMenu, type ActionMenuItem } from './ActionMenu';
import { Button } from './Button';
import type { DataColumn } from './DataTable';

interface RowActionsProps {
  /** The row's name: buttons read '{action} {row}' (Delete gpt-4o), a menu 'Actions for {row}'. */
  label: string;
  items: ActionMenuItem[];
  /** Every action as its own icon button, even when there are several. */
  inline?: boolean;
}

/**
 * One row's actions, in its table cell or on its card: one action (or `inline`) as icon buttons
 * named '{action} {row}', several as a '…' menu named 'Actions for {row}'. None shows nothing.
 */
export function RowActions({ label, items, inline = false }: RowActionsProps) {
  if (items.length === 0) return null;
  if (items.length > 1 && !inline)
    return <ActionMenu label={`Actions for ${label}`} items={items} />;
  return (
    <span className="flex shrink-0 justify-end gap-1">
      {items.map((item) => (
        <Button
          key={item.label}
          variant="ghost"
          size="icon"
          aria-label={`${item.label} ${label}`}
          onClick={item.onSelect}
        >
          {item.icon ? <item.icon className="size-4" aria-hidden /> : item.label}
        </Button>
      ))}
    </span>
  );
}

/** A table's last column of RowActions; `inline` widens it for the buttons side by side. */
export function actionsColumn<T>(
  rowLabel: (row: T) => string,
  actionsOf: (row: T) => ActionMenuItem[],
  options: { inline?: boolean } = {},
): DataColumn<T> {
  return {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    className: options.inline ? 'w-24 text-right' : 'w-12 text-right',
    cell: (row) => (
      <RowActions label={rowLabel(row)} items={actionsOf(row)} inline={options.inline} />
    ),
  };
}

/**
 * The usual pair of row actions: Edit, then Delete (marked destructive, so menus show it in the
 * danger colour). `onDelete` is left out where a row cannot be deleted.
 */
export function editAndDelete<T>(
  row: T,
  onEdit: (row: T) => void,
  onDelete?: (row: T) => void,
): ActionMenuItem[] {
  return [
    { label: 'Edit', icon: Pencil, onSelect: () => onEdit(row) },
    ...(onDelete
      ? [{ label: 'Delete', icon: Trash2, destructive: true, onSelect: () => onDelete(row) }]
      : []),
  ];
}
