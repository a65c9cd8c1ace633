import { RefreshCw, Sparkles } from 'lucide-react';
import type { ScorecardView } from '@parley/contracts';
import { Button, Card } from '../../ui';
import { formatDate } from '../../lib/datetime';
import { useRedraft } from './api';
import { RatingList } from './RatingList';

const engineOf = (provider: string | null, model: string | null) =>
  provider === 'local' ? 'the built-in engine' : (model ?? provider ?? 'Zai');

/** Zai's draft scorecard with its cited moments, and re-draft. */
export function DraftPanel({
  view,
  onSeek,
}: {
  view: ScorecardView;
  onSeek(seconds: number): void;
}) {
  const redraft = useRedraft(view.meetingId);
  const draft = view.draft;
  return (
    <Card
      className="flex flex-col gap-2 p-3"
      role="region"
      aria-label="Zai's draft"
      data-testid="scorecard-draft"
    >
      <header className="flex flex-wrap items-center gap-2">
        <Sparkles className="size-4 text-accent-text" aria-hidden />
        <h3 className="text-sm font-semibold text-fg">Zai's draft</h3>
        <Button
          size="sm"
          variant="secondary"
          className="ml-auto"
          onClick={() => redraft.mutate(undefined)}
          disabled={redraft.isPending || view.draftMissing !== null}
        >
          <RefreshCw className="size-3.5" aria-hidden />
          {redraft.isPending ? 'Drafting…' : 'Re-draft'}
        </Button>
      </header>
      {draft ? (
        <>
          <p className="text-xs text-muted">
            {draft.provider === 'local' ? '' : `By ${engineOf(draft.provider, draft.model)}. `}
            {draft.summary} ({formatDate(draft.updatedAt)})
          </p>
          <RatingList ratings={draft.ratings} onSeek={onSeek} />
        </>
      ) : (
        <p className="text-sm text-muted">{view.draftMissing ?? 'No draft yet.'}</p>
      )}
    </Card>
  );
}
