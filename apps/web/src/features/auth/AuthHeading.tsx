import { useDocumentTitle } from '../../lib/use-document-title';
import type { ReactNode } from 'react';

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mb-8 flex flex-col gap-2">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {children ? <p className="text-sm text-muted">{children}</p> : null}
    </div>
  );
}
