import type { CoachingItem } from '@parley/contracts';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { DeleteDialog, EmptyState, LoadError, Section, Skeleton } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useCoachingContent, useCoachingRole, useContentChanges, useMyProgress } from './api';
import { ContentCard, TYPE_ICONS } from './ContentCard';
import { groupByStage, TAB_TYPES, type CoachingTab } from './model';

const EMPTY: Record<'training' | 'presentations' | 'documents', { title: string; text: string }> = {
  training: {
    title: 'No training videos yet',
    text: 'Training videos your organization adds, and the platform’s defaults, appear here by sales stage.',
  },
  presentations: {
    title: 'No presentations yet',
    text: 'Google Slides added to coaching appear here by sales stage.',
  },
  documents: {
    title: 'No documents yet',
    text: 'Google Docs and PDFs on Google Drive added to coaching appear here by sales stage.',
  },
};

export const CARD_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4';

export function LoadingCards() {
  return (
    <div className={CARD_GRID} role="status" aria-busy="true" aria-label="Loading coaching content">
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3"
        >
          <Skeleton className="aspect-video w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}

interface ContentTabProps {
  tab: 'training' | 'presentations' | 'documents';
  onOpen(item: CoachingItem): void;
  /** Shown with the empty state to those who may add content. */
  createHint?: string;
}

/** Training videos, presentations or documents, grouped by the sales stages. */
export function ContentTab({ tab, onOpen, createHint }: ContentTabProps) {
  const content = useCoachingContent();
  const role = useCoachingRole();
  const progress = useMyProgress(role.learner && tab === 'training');
  const { remove } = useContentChanges();
  const removal = useConfirmedAction((item: CoachingItem) => remove.mutateAsync(item));
  const types = TAB_TYPES[tab as CoachingTab] ?? [];
  const Icon = TYPE_ICONS[types[0] ?? 'video'];

  if (content.isPending) return <LoadingCards />;
  if (content.isError)
    return (
      <LoadError icon={Icon} what="The coaching content" onRetry={() => void content.refetch()} />
    );
  const groups = groupByStage(content.data, types);
  if (groups.length === 0)
    return (
      <EmptyState
        icon={Icon}
        title={EMPTY[tab].title}
        description={
          role.author && createHint ? `${EMPTY[tab].text} ${createHint}` : EMPTY[tab].text
        }
      />
    );
  const watched = new Map(progress.data?.videos.map((v) => [v.meetingId, v.watchedShare]));
  const deletable = (item: CoachingItem) => role.superAdmin || (role.author && !item.isDefault);

  return (
    <div className="flex flex-col gap-8">
      {groups.map((g) => (
        <Section key={g.stage} title={STAGE_LABELS[g.stage]}>
          <div className={CARD_GRID}>
            {g.items.map((item) => (
              <ContentCard
                key={item.id}
                item={item}
                watched={item.meetingId ? watched.get(item.meetingId) : null}
                onOpen={() => onOpen(item)}
                onDelete={deletable(item) ? () => removal.ask(item) : undefined}
              />
            ))}
          </div>
        </Section>
      ))}
      <DeleteDialog
        action={removal}
        name={(i) => `‘${i.title}’`}
        noun="content"
        description="It is removed from coaching for everyone who sees it."
      />
    </div>
  );
}
