import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageHeaderProps {
  title: ReactNode;
  /** The browser tab's name when the title is not plain text or not the page's name. */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** Title and primary action at the top of a page (DESIGN: page patterns). */
export function PageHeader({
  title,
  documentTitle,
  description,
  actions,
  className,
}: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <header className={cn('flex flex-wrap items-end justify-between gap-4 pb-6', className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
