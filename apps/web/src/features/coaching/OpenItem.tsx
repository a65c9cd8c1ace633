import { ArrowLeft, SearchX } from 'lucide-react';
import { COACHING_TYPE_LABELS } from '@parley/contracts';
import { Badge, Button, EmptyState, LoadError, Skeleton } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useCoachingContent } from './api';
import { CoachingPlayer } from './CoachingPlayer';
import { DocumentViewer } from './DocumentViewer';

interface Props {
  id: string;
  onBack(): void;
}

/** One item opened from a content tab: the player for a video, the viewer for a link. */
export function OpenItem({ id, onBack }: Props) {
  const content = useCoachingContent();
  const item = content.data?.find((i) => i.id === id);
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2 self-start">
      <ArrowLeft aria-hidden /> Back to the list
    </Button>
  );
  if (content.isPending) return <Skeleton className="aspect-video w-full max-w-3xl" />;
  if (content.isError)
    return (
      <LoadError
        icon={SearchX}
        what="The coaching content"
        onRetry={() => void content.refetch()}
      />
    );
  if (!item)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <EmptyState
          icon={SearchX}
          title="This content is no longer here"
          description="It may have been deleted. Choose another item from the list."
        />
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      {back}
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-fg">{item.title}</h2>
        <Badge>{COACHING_TYPE_LABELS[item.type]}</Badge>
        <Badge>{STAGE_LABELS[item.stage]}</Badge>
        {item.isDefault ? <Badge tone="accent">Default</Badge> : null}
      </div>
      {item.type === 'video' && item.meetingId ? (
        <CoachingPlayer key={item.id} item={{ ...item, meetingId: item.meetingId }} />
      ) : (
        <DocumentViewer item={item} />
      )}
    </div>
  );
}
