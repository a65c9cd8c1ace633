import { useRef, useState } from 'react';
import { LoaderCircle, MessageSquareOff } from 'lucide-react';
import type { CoachingItem } from '@parley/contracts';
import { OfflinePlayer, Skeleton, type OfflinePlayerHandle } from '../../ui';
import { useHasZai, useTranscription } from '../analysis';
import { blocksFromUnknown, TranscriptPanel } from '../transcripts';
import { useCoachingRole, useMyProgress } from './api';
import { useProgressReports } from './use-progress-reports';

function TranscriptNote({ text, busy }: { text: string; busy?: boolean }) {
  return (
    <div
      className="flex min-h-60 flex-col items-center justify-center gap-3 p-6 text-center"
      data-testid="coaching-transcript-note"
    >
      {busy ? (
        <LoaderCircle className="size-5 animate-spin text-accent-text" aria-hidden />
      ) : (
        <MessageSquareOff className="size-5 text-subtle" aria-hidden />
      )}
      <p className="max-w-64 text-sm text-muted">{text}</p>
    </div>
  );
}

/** The video's transcript beside it, when the viewer may read it. */
function CoachingTranscript({
  item,
  currentTime,
  onSeek,
}: {
  item: CoachingItem & { meetingId: string };
  currentTime: number;
  onSeek(t: number): void;
}) {
  const hasZai = useHasZai();
  const status = item.video?.inferenceStatus ?? 'uploaded';
  const transcription = useTranscription({ id: item.meetingId, inferenceStatus: status }, hasZai);
  if (status === 'uploaded' || status === 'queued' || status === 'analysing')
    return <TranscriptNote busy text="The transcript appears here once the video is analyzed." />;
  if (!hasZai || status === 'failed' || transcription.isError)
    return <TranscriptNote text="The transcript is not available for this video." />;
  if (transcription.isPending)
    return (
      <div
        className="flex flex-col gap-3 p-4"
        role="status"
        aria-busy="true"
        aria-label="Loading transcript"
      >
        <Skeleton className="h-3.5 w-32" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-4/5" />
      </div>
    );
  const blocks = blocksFromUnknown(
    transcription.data.data,
    transcription.data.wordToWordTimestamps,
  );
  return <TranscriptPanel blocks={blocks} currentTime={currentTime} onSeek={onSeek} />;
}

/**
 * A training video: resumes where the user stopped, reports progress while it plays and when
 * they leave, with the transcript beside it (spec 1 §7 coaching/progress).
 */
export function CoachingPlayer({ item }: { item: CoachingItem & { meetingId: string } }) {
  const role = useCoachingRole();
  const progress = useMyProgress(role.learner);
  const player = useRef<OfflinePlayerHandle>(null);
  const [time, setTime] = useState(0);
  // A refetched list signs the link anew; a new address would restart the video at 0.
  const [src] = useState(() => item.video?.storageLink ?? null);
  // The file's own length; the stored one is missing until the media step has read it.
  const [length, setLength] = useState(item.video?.duration ?? 0);
  const reporter = useProgressReports(
    role.learner ? { meetingId: item.meetingId, stage: item.stage } : null,
  );
  // The player mounts once the saved position is known, so it starts there.
  if (role.learner && progress.isPending)
    return <Skeleton className="aspect-video w-full max-w-3xl" />;
  const saved = progress.data?.videos.find((v) => v.meetingId === item.meetingId);
  // A video watched to its end starts again from the beginning.
  const resumeAt =
    saved && saved.watchedDuration > 0 && saved.watchedDuration < saved.totalDuration - 1
      ? saved.watchedDuration
      : undefined;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)]">
      <OfflinePlayer
        ref={player}
        src={src}
        poster={item.video?.imageLink}
        label="Training video"
        startTime={resumeAt}
        className="w-full"
        onDurationChange={(d) => Number.isFinite(d) && d > 0 && setLength(d)}
        onTimeChange={(t) => {
          setTime(t);
          reporter?.update({ position: t, total: length });
        }}
      />
      <section
        aria-label="Transcript"
        className="flex max-h-[32rem] min-h-60 flex-col overflow-hidden rounded-card border border-border bg-surface"
      >
        <CoachingTranscript
          item={item}
          currentTime={time}
          onSeek={(t) => player.current?.seek(t)}
        />
      </section>
    </div>
  );
}
