import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { CoachingItem } from '@parley/contracts';
import { STAGE_LABELS } from '../meetings';

interface Props<T extends CoachingItem> {
  label: string;
  videos: T[];
  icon: LucideIcon;
  rowTestId: string;
  /** The badges and actions at the end of a video's row. */
  children(video: T): ReactNode;
}

/** Training videos one per row (title, stage) with what a tab adds: the Quizzes and Assessments lists. */
export function VideoList<T extends CoachingItem>({
  label,
  videos,
  icon: Icon,
  rowTestId,
  children,
}: Props<T>) {
  return (
    <ul
      className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface"
      aria-label={label}
    >
      {videos.map((v) => (
        <li
          key={v.id}
          className="flex flex-wrap items-center gap-3 px-4 py-3"
          data-testid={rowTestId}
        >
          <Icon className="size-5 shrink-0 text-subtle" aria-hidden />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="truncate text-sm font-medium text-fg">{v.title}</span>
            <span className="text-xs text-muted">{STAGE_LABELS[v.stage]}</span>
          </div>
          {children(v)}
        </li>
      ))}
    </ul>
  );
}
