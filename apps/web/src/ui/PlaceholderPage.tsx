import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

interface PlaceholderPageProps {
  /** The navigation title of the area, e.g. 'Library'. */
  title: string;
  icon: LucideIcon;
  /** What is coming and with which area, e.g. 'Meeting upload and analysis arrive with the Meetings area.' */
  summary: string;
  description?: string;
  children?: ReactNode;
}

/** The honest empty state of an area that is not built yet. */
export function PlaceholderPage({
  title,
  icon,
  summary,
  description,
  children,
}: PlaceholderPageProps) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title="Nothing here yet" description={summary} />
      {children}
    </div>
  );
}
