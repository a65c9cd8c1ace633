import { useState } from 'react';

/**
 * Which row a form dialog is open on: none, a new one, or an existing row. Render the dialog
 * while `open`, with `key` so that each row's form starts from that row.
 */
export function useEditor<T extends { id: string }>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    open: editing !== null,
    /** The row being edited; null when adding one. */
    target: editing === 'new' ? null : editing,
    key: editing === null || editing === 'new' ? 'new' : editing.id,
    add: () => setEditing('new'),
    edit: (row: T) => setEditing(row),
    close: () => setEditing(null),
  };
}
