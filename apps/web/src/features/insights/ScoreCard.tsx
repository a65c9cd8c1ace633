import { useState } from 'react';
import { ChevronDown, Info, Sparkles } from 'lucide-react';
import { INSIGHT_MESSAGES, type InsightItem, type ScoreResult } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { Badge, ProgressBar, Tooltip } from '../../ui';
import { MomentLinks, withSpeakerNames } from './MomentLink';

/** Spec 2 §2 tooltips: Technical, Communication, and one text for every other title. */
export function tooltipFor(title: string): string {
  if (title === 'Technical') return INSIGHT_MESSAGES.tooltips.Technical;
  if (title === 'Communication') return INSIGHT_MESSAGES.tooltips.Communication;
  return INSIGHT_MESSAGES.tooltips.other;
}

/** Scores are out of 100 internally and shown out of 10 with one decimal. */
export const outOfTen = (score: number) => `${(score / 10).toFixed(1)}/10`;

interface Props {
  item: InsightItem & { result: ScoreResult };
  threshold: number;
  names: Record<string, string>;
  onSeek(time: number): void;
}

/** One evaluation prompt: title, tooltip, bar, x.x/10, Good/Bad and its Zai Insights. */
export function ScoreCard({ item, threshold, names, onSeek }: Props) {
  const [open, setOpen] = useState(false);
  const { score, insights, tags } = item.result;
  const good = score >= threshold;
  const title = item.promptName;
  return (
    <article
      className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3"
      data-prompt={title}
    >
      <header className="flex items-center gap-2">
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        <Tooltip label={tooltipFor(title)}>
          <button
            type="button"
            aria-label={`About ${title}: ${tooltipFor(title)}`}
            className="grid size-5 place-items-center rounded-full text-subtle hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Info className="size-3.5" aria-hidden />
          </button>
        </Tooltip>
        <span className="tabular ml-auto text-sm font-semibold text-fg" data-testid="score">
          {outOfTen(score)}
        </span>
        <Badge tone={good ? 'success' : 'danger'}>{good ? 'Good' : 'Bad'}</Badge>
      </header>
      <ProgressBar value={score} label={`${title} score`} tone={good ? 'success' : 'danger'} />
      <MomentLinks citations={item.citations.score} onSeek={onSeek} names={names} />
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1.5 self-start rounded-control text-xs font-medium text-accent-text hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Sparkles className="size-3.5" aria-hidden />
        Zai Insights
        <ChevronDown
          className={cn('size-3.5 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open ? (
        <div className="flex flex-col gap-2">
          <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-fg">
            {insights.map((text, i) => (
              <li key={i}>
                {withSpeakerNames(text, names)}{' '}
                <MomentLinks citations={item.citations.items[i]} onSeek={onSeek} names={names} />
              </li>
            ))}
          </ul>
          {tags.length > 0 ? (
            <div className="flex flex-wrap gap-1.5" aria-label="Tags">
              {tags.map((t) => (
                <Badge key={t} tone="accent">
                  {t}
                </Badge>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
