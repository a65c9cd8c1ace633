import { useMemo } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { Meeting, OfflineStatus } from '@parley/contracts';
import { FeatureGate, Skeleton } from '../../ui';
import { ZAI_FEATURE, useTranscription } from '../analysis';
import { buildBlocks, type WordMark } from './model';
import { NO_TRANSCRIPT_MESSAGE, TranscriptPanel } from './TranscriptPanel';
import { EngineNote } from './EngineNote';
import { LanguageNote } from './LanguageNote';
import type { TranscriptMoment } from './selection';

interface Props {
  meeting: Pick<Meeting, 'id' | 'inferenceStatus' | 'additionalDetails'>;
  status: OfflineStatus | undefined;
  hasZai: boolean;
  currentTime: number;
  onSeek(time: number): void;
  /** Blocks may be selected and saved as a highlight (meetings.manage). */
  onHighlight?(moment: TranscriptMoment): void;
  /** Stretches to mark in the transcript (tracker mentions). */
  marks?: readonly WordMark[];
}

function Placeholder({ text, busy }: { text: string; busy?: boolean }) {
  return (
    <div className="flex min-h-60 flex-col items-center justify-center gap-3 p-6 text-center">
      {busy ? <LoaderCircle className="size-5 animate-spin text-accent-text" aria-hidden /> : null}
      <p className="max-w-64 text-sm text-muted">{text}</p>
    </div>
  );
}

/** Says the transcript is the start of the meeting, with more on its way. */
function TranscribingNote() {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="transcribing">
      <LoaderCircle className="size-3.5 shrink-0 animate-spin text-accent-text" aria-hidden />
      <span className="truncate">Transcribing: later lines appear as they are ready</span>
    </span>
  );
}

function LoadingBlocks() {
  return (
    <div
      className="flex flex-col gap-4 p-4"
      role="status"
      aria-busy="true"
      aria-label="Loading transcript"
    >
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-7 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-3.5 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The Transcript tab: waits for the analysis, locks without Zai Intelligence, then the panel. */
export function TranscriptTab({
  meeting,
  status,
  hasZai,
  currentTime,
  onSeek,
  onHighlight,
  marks,
}: Props) {
  const transcription = useTranscription(meeting, hasZai);
  const words = transcription.data?.wordToWordTimestamps;
  const entries = transcription.data?.data;
  const names = meeting.additionalDetails;
  const blocks = useMemo(
    () => (entries && words ? buildBlocks(entries, words, names) : []),
    [entries, words, names],
  );
  const s = meeting.inferenceStatus;

  if (!hasZai)
    return (
      <FeatureGate feature={ZAI_FEATURE} className="h-full">
        <LoadingBlocks />
      </FeatureGate>
    );
  // While the speech step runs, the lines transcribed so far; more arrive as pieces finish.
  const transcribing = status?.steps.find((step) => step.step === 'speech')?.state === 'running';
  const soFar = s === 'analysing' && (words?.length ?? 0) > 0;
  if (s === 'uploaded' || s === 'queued' || (s === 'analysing' && !soFar))
    return <Placeholder busy text="The transcript appears here as it is transcribed." />;
  if (s === 'failed') return <Placeholder text={NO_TRANSCRIPT_MESSAGE} />;
  if (transcription.isPending) return <LoadingBlocks />;
  return (
    <TranscriptPanel
      blocks={transcription.isError ? [] : blocks}
      currentTime={currentTime}
      onSeek={onSeek}
      searchable={hasZai}
      onHighlight={onHighlight}
      marks={marks}
      note={
        <span className="flex min-w-0 items-center gap-2">
          <LanguageNote language={transcription.data?.language} />
          {soFar && transcribing ? (
            <TranscribingNote />
          ) : (
            <EngineNote engine={transcription.data?.engine ?? status?.engine} />
          )}
        </span>
      }
    />
  );
}
