import { ActionMenu, type ActionMenuItem } from './ActionMenu';
import { Button } from './Button';
import type { DataColumn } from './DataTable';

/**
 * A table's last column: one action shows as an icon button named '{action} {row}' (Delete
 * gpt-4o), several as a '…' menu named 'Actions for {row}'. Rows with no action stay empty.
 */
export function actionsColumn<T>(
  rowLabel: (row: T) => string,
  actionsOf: (row: T) => ActionMenuItem[],
): DataColumn<T> {
  return {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    className: 'w-12 text-right',
    cell: (row) => {
      const items = actionsOf(row);
      const [only] = items;
      if (items.length > 1)
        return <ActionMenu label={`Actions for ${rowLabel(row)}`} items={items} />;
      if (!only) return null;
      return (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${only.label} ${rowLabel(row)}`}
          onClick={only.onSelect}
        >
          {only.icon ? <only.icon className="size-4" aria-hidden /> : only.label}
        </Button>
      );
    },
  };
}
