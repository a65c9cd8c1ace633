import { CircleHelp } from 'lucide-react';
import { formatHms, type RouteResponse, type analysisRoutes } from '@parley/contracts';
import { speakerColorFor } from '../../../ui/player/player';
import { ChartCard } from '../../../ui/charts/ChartCard';
import { nameOf } from './names';

type Conversation = RouteResponse<typeof analysisRoutes.conversation>;

interface Props {
  data: Conversation | undefined;
  loading: boolean;
  names: Readonly<Record<string, string>>;
  onSeek?(time: number): void;
}

/** The questions asked, in order; clicking one plays the meeting from it. */
export function QuestionsList({ data, loading, names, onSeek }: Props) {
  const questions = data?.questions ?? [];
  return (
    <ChartCard
      title={`Questions asked${questions.length ? ` (${questions.length})` : ''}`}
      testId="questions-list"
      info="Sentences that end in a question mark or open with a question word."
      loading={loading}
      empty={questions.length === 0 ? { icon: CircleHelp, text: 'No questions were asked.' } : null}
    >
      <ol className="-mx-2 flex max-h-64 flex-col overflow-y-auto">
        {questions.map((q, i) => (
          <li key={`${q.start}-${i}`}>
            <button
              type="button"
              onClick={() => onSeek?.(q.start)}
              className="flex w-full gap-3 rounded-control px-2 py-1.5 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <time className="tabular pt-px text-xs text-subtle">{formatHms(q.start)}</time>
              <span className="min-w-0 flex-1 text-sm text-fg">
                <span className="font-medium" style={{ color: speakerColorFor(q.speaker) }}>
                  {nameOf(q.speaker, q.name, names)}:
                </span>{' '}
                {q.text}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}
