/** A person in a table row: the name over the e-mail, each cut short when the column is narrow. */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="truncate font-medium text-fg">{name}</span>
      <span className="truncate text-xs text-muted">{email}</span>
    </span>
  );
}
