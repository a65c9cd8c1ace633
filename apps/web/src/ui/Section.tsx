import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

interface SectionProps {
  title: string;
  /** A sentence under the title; with `icon`, the icon leads it. */
  description?: ReactNode;
  icon?: LucideIcon;
  /** Beside the title, at the far end (a search box, a button). */
  actions?: ReactNode;
  /** An anchor to link to (`/page#id`). */
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A titled part of a page, named by its heading for assistive technology. */
export function Section({
  title,
  description,
  icon: Icon,
  actions,
  id,
  className,
  children,
}: SectionProps) {
  const headingId = useId();
  let heading: ReactNode = (
    <h2 id={headingId} className="text-lg font-semibold text-fg">
      {title}
    </h2>
  );
  if (description)
    heading = (
      <div className="flex flex-col gap-1">
        {heading}
        <p className={cn('text-sm text-muted', Icon && 'flex items-start gap-2')}>
          {Icon ? <Icon className="mt-0.5 size-4 shrink-0" aria-hidden /> : null}
          {description}
        </p>
      </div>
    );
  if (actions)
    heading = (
      <div className="flex flex-wrap items-end justify-between gap-3">
        {heading}
        {actions}
      </div>
    );
  return (
    <section id={id} aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      {heading}
      {children}
    </section>
  );
}
