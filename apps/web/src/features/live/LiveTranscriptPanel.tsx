import { useEffect, useRef } from 'react';
import { MessageSquareText } from 'lucide-react';
import { liveSpeakerLabel } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { formatDuration } from '../../lib/format';
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  LoadError,
  Skeleton,
} from '../../ui';
import { speakerColor, speakerColorIndex } from '../../ui/player/player';
import type { LiveMeeting } from './use-live-meeting';

/**
 * The growing transcript of a live call: final words in order, then in italics what each
 * participant is saying now (replaced by its final text when they pause). Follows the end
 * unless the reader scrolled up.
 */
export function LiveTranscriptPanel({
  live,
  className,
}: {
  live: LiveMeeting;
  className?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const el = list.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [live.segments]);

  return (
    <Card className={cn('flex min-h-0 flex-col', className)}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Live transcript</CardTitle>
        <Badge tone={live.ended ? 'neutral' : 'danger'}>
          {live.ended ? 'Call ended' : '● Live'}
        </Badge>
      </CardHeader>
      <CardContent className="min-h-0 flex-1">
        {live.loading ? (
          <div className="space-y-3" aria-label="Loading the live transcript">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : live.error ? (
          <LoadError icon={MessageSquareText} what="The live transcript" onRetry={live.retry} />
        ) : live.segments.length === 0 ? (
          <EmptyState
            icon={MessageSquareText}
            title={live.ended ? 'Nothing was transcribed' : 'Waiting for someone to speak'}
            description={
              live.ended
                ? 'No words were heard during the call.'
                : 'Words appear here a moment after they are spoken.'
            }
          />
        ) : (
          <ol
            ref={list}
            aria-label="Live transcript"
            aria-live="polite"
            tabIndex={0}
            onScroll={(e) => {
              const el = e.currentTarget;
              pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
            }}
            className="max-h-[28rem] space-y-3 overflow-y-auto pr-1 focus-visible:outline-2 focus-visible:outline-ring"
          >
            {live.segments.map((s) => {
              const name = liveSpeakerLabel(s.name);
              return (
                <li key={`${s.id}-${s.isFinal}`} className="text-sm">
                  <div className="flex items-baseline gap-2">
                    <span
                      className="font-semibold"
                      style={{ color: speakerColor(speakerColorIndex(name)) }}
                    >
                      {name}
                    </span>
                    <time className="text-xs text-muted tabular-nums">
                      {formatDuration(s.timeStamps.start)}
                    </time>
                  </div>
                  <p className={cn('text-fg', !s.isFinal && 'italic text-muted')}>
                    {s.content || '…'}
                    {!s.isFinal ? <span className="sr-only"> (still speaking)</span> : null}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
