import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LinkIcon } from 'lucide-react';
import { SHARING_MESSAGES, speakerTimeMappingSchema } from '@parley/contracts';
import { isApiError } from '../../lib/api';
import { Button, Card, OfflinePlayer, Spinner, Wordmark, type OfflinePlayerHandle } from '../../ui';
import { MeetingTitle } from '../../features/meetings';
import { PLAYER, speakerColorIndex, type Segment } from '../../ui/player/player';
import { usePublicView } from '../../features/sharing';
import { blocksFromUnknown, TranscriptPanel } from '../../features/transcripts';

export const LINK_UNAVAILABLE = SHARING_MESSAGES.linkUnavailable;

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-14 w-full max-w-[1200px] items-center gap-2.5 px-4 sm:px-6">
          <Wordmark />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8">
        {children}
      </main>
      <footer className="border-t border-border py-4 text-center text-xs text-subtle">
        Shared with Parley
      </footer>
    </div>
  );
}

/** The shared view's speaker turns arrive untyped: keep the well-formed ones for the seek bar. */
function publicSegments(raw: unknown): Segment[] {
  const parsed = speakerTimeMappingSchema.safeParse(raw);
  return parsed.success
    ? parsed.data.map((s) => ({
        start: s.start,
        end: s.end,
        color: speakerColorIndex(s.speaker),
        label: s.name,
      }))
    : [];
}

/** /public/view/{token}: a shared meeting without sign-in (spec 2 §2 Public shared view). */
export default function PublicViewPage() {
  const { token = '' } = useParams();
  const player = useRef<OfflinePlayerHandle>(null);
  const [time, setTime] = useState(0);
  // Stable, so the transcript's blocks do not all redraw on every time tick.
  const seek = useCallback((t: number) => player.current?.seek(t), []);
  const view = usePublicView(token);
  const blocks = useMemo(
    () => blocksFromUnknown(view.data?.transcription, view.data?.wordTimestamps),
    [view.data],
  );
  const segments = useMemo(() => publicSegments(view.data?.speakerTimeMapping), [view.data]);

  if (view.isLoading) {
    return (
      <Frame>
        <div className="grid flex-1 place-items-center">
          <Spinner className="size-6 text-accent" label="Loading shared meeting" />
        </div>
      </Frame>
    );
  }
  if (!view.data) {
    const gone =
      !token || (isApiError(view.error) && view.error.status >= 400 && view.error.status < 500);
    return (
      <Frame>
        <div className="grid flex-1 place-items-center">
          <div className="flex max-w-md flex-col items-center gap-3 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-surface-2 text-muted">
              <LinkIcon className="size-5" aria-hidden />
            </span>
            <h1 className="text-xl font-semibold text-fg">
              {gone ? LINK_UNAVAILABLE : 'Something went wrong'}
            </h1>
            <p className="text-sm text-muted">
              {gone
                ? 'The meeting is no longer shared, or the link is mistyped. Ask the person who sent it for a new one.'
                : 'The shared meeting could not be loaded. Check your connection and try again.'}
            </p>
            {gone ? null : (
              <Button variant="secondary" onClick={() => void view.refetch()}>
                Try again
              </Button>
            )}
          </div>
        </div>
      </Frame>
    );
  }

  const info = view.data.meetingInfo;
  return (
    <Frame>
      <MeetingTitle meeting={info} />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(320px,2fr)]">
        <OfflinePlayer
          ref={player}
          src={info.storageLink}
          poster={info.imageLink}
          initialVolume={PLAYER.sharedViewVolume}
          segments={segments}
          onTimeChange={setTime}
        />
        <Card className="relative flex min-h-[360px] flex-col overflow-hidden lg:self-stretch">
          <div className="flex min-h-0 flex-1 flex-col lg:absolute lg:inset-0">
            <h2 className="border-b border-border px-4 py-2.5 text-sm font-semibold text-fg">
              Transcript
            </h2>
            <div className="flex min-h-0 flex-1 flex-col">
              <TranscriptPanel blocks={blocks} currentTime={time} onSeek={seek} />
            </div>
          </div>
        </Card>
      </div>
    </Frame>
  );
}
