import { useState } from 'react';
import {
  FileText,
  ListChecks,
  Presentation,
  PlayCircle,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import {
  COACHING_TYPE_LABELS,
  type CoachingContentType,
  type CoachingItem,
} from '@parley/contracts';
import { cn } from '../../lib/cn';
import { formatDuration } from '../../lib/format';
import { ActionMenu, Badge } from '../../ui';
import { percent } from './model';

export const TYPE_ICONS: Record<CoachingContentType, LucideIcon> = {
  video: PlayCircle,
  ppt: Presentation,
  doc: FileText,
  pdf: FileText,
};

function Cover({ item }: { item: CoachingItem }) {
  const [broken, setBroken] = useState(false);
  const Icon = TYPE_ICONS[item.type];
  const image = item.video?.imageLink;
  return (
    <span className="relative grid aspect-video w-full place-items-center overflow-hidden bg-surface-2 text-subtle">
      {image && !broken ? (
        <img
          src={image}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <Icon className="size-8" aria-hidden />
      )}
      {item.video?.duration ? (
        <span className="tabular absolute right-2 bottom-2 rounded-control bg-black/70 px-1.5 py-0.5 text-xs text-white">
          {formatDuration(item.video.duration)}
        </span>
      ) : null}
    </span>
  );
}

interface ContentCardProps {
  item: CoachingItem;
  /** The caller's share of this video watched, when they started it. */
  watched?: number | null;
  onOpen(): void;
  /** Present when the caller may delete it. */
  onDelete?(): void;
}

/** One piece of coaching content: opens the player or the embedded viewer. */
export function ContentCard({ item, watched, onOpen, onDelete }: ContentCardProps) {
  const status = item.video?.inferenceStatus;
  return (
    <article
      data-testid="coaching-item"
      className="group relative flex flex-col overflow-hidden rounded-card border border-border bg-surface shadow-sm transition-colors focus-within:border-accent hover:border-border-strong"
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex flex-col text-left outline-none after:absolute after:inset-0 after:content-['']"
        aria-label={`Open ${item.title}`}
      >
        <Cover item={item} />
      </button>
      {watched != null ? (
        <span className="h-1 bg-surface-3" role="img" aria-label={`${percent(watched)} watched`}>
          <span className="block h-full bg-accent" style={{ width: percent(watched) }} />
        </span>
      ) : null}
      <div className="flex items-start gap-2 p-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h3 className="line-clamp-2 text-sm font-medium text-fg">{item.title}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge>{COACHING_TYPE_LABELS[item.type]}</Badge>
            {item.isDefault ? <Badge tone="accent">Default</Badge> : null}
            {item.video?.hasQuiz ? (
              <Badge tone="info">
                <ListChecks className="size-3" aria-hidden /> Quiz
              </Badge>
            ) : null}
            {status && status !== 'processed' ? (
              <Badge tone={status === 'failed' ? 'danger' : 'warning'}>
                {status === 'failed' ? 'Analysis failed' : 'Analyzing'}
              </Badge>
            ) : null}
          </div>
        </div>
        {onDelete ? (
          <div className={cn('relative z-10 -mr-1')}>
            <ActionMenu
              label={`Actions for ${item.title}`}
              items={[{ label: 'Delete', icon: Trash2, destructive: true, onSelect: onDelete }]}
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}
