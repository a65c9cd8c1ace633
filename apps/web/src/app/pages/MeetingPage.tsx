import { Suspense, lazy, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FileQuestion, RefreshCw, UserPen } from 'lucide-react';
import { ACTION_ITEMS_PROMPT, type Meeting } from '@parley/contracts';
import { isApiError } from '../../lib/api';
import { useAuth, useCan } from '../../lib/auth-store';
import { ReportActions } from '../../features/reports';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  FeatureGate,
  OfflinePlayer,
  PageSpinner,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  type ActionMenuItem,
  type OfflinePlayerHandle,
} from '../../ui';
import {
  useHasZai,
  useReanalyze,
  useStartAnalysis,
  ZAI_FEATURE,
  useAnalysisStatus,
  useSpeakerTurns,
  NameSpeakersDialog,
} from '../../features/analysis';
import {
  DeleteMeetingDialog,
  DetailsPanel,
  MeetingHeader,
  MediaNoticeBanner,
  StatusBanner,
  useMeeting,
} from '../../features/meetings';
import { TranscriptTab } from '../../features/transcripts';
import { ShareDialog } from '../../features/sharing';
import { BiometricCard } from '../../features/biometrics';
import {
  ActionItemsPanel,
  CandidateAnalysis,
  findItem,
  useMeetingInsights,
  ZaiInsightsPanel,
} from '../../features/insights';
import { useLiveLipSync } from '../../features/video-signals';
import { HighlightDialog, HighlightsPanel, useHighlightsOnPage } from '../../features/highlights';
import { trackerMarks, trackerTicks, useMeetingTrackerHits } from '../../features/trackers';
import { MeetingDealField } from '../../features/sales';
import { BotBanner, useBotRecordingLive } from '../../features/bots';
import { LiveMeetingPanels, LivePhysiologyRuns } from '../../features/live';

// The charting library is large: it loads after the player and the transcript.
const VideoSignals = lazy(() =>
  import('../../features/video-signals/VideoSignals').then((m) => ({ default: m.VideoSignals })),
);
const ConversationAnalytics = lazy(() =>
  import('../../features/analysis/analytics/ConversationAnalytics').then((m) => ({
    default: m.ConversationAnalytics,
  })),
);

/** Seconds from the ?t= parameter; anything but a non-negative number is ignored. */
function startTimeOf(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const t = Number(value);
  return Number.isFinite(t) && t >= 0 ? t : undefined;
}

/**
 * /library/{id}: player left with the analytics under it, tabbed panels right (DESIGN). The
 * interview page (/interviews/{id}) is the same page with its own tab names (spec 2 §2).
 */
/** A tab of Zai's: its panel with the feature, the feature's gate without it. */
function ZaiTabContent({
  value,
  hasZai,
  children,
}: {
  value: string;
  hasZai: boolean;
  children: ReactNode;
}) {
  return (
    <TabsContent value={value} className="overflow-y-auto">
      {hasZai ? (
        children
      ) : (
        <FeatureGate feature={ZAI_FEATURE} className="h-full">
          <div className="h-60" />
        </FeatureGate>
      )}
    </TabsContent>
  );
}

/** What a tab added by the page using MeetingPage gets (the interview page's own tabs). */
export interface MeetingTabContext {
  meeting: Meeting;
  currentTime: number;
  seek(seconds: number): void;
}
export interface MeetingExtraTab {
  value: string;
  label: string;
  render(context: MeetingTabContext): ReactNode;
}

export default function MeetingPage({
  variant = 'meeting',
  extraTabs = [],
  aside,
  backTo,
}: {
  variant?: 'meeting' | 'interview';
  /** Tabs after HR Insights (the interview page's). */
  extraTabs?: readonly MeetingExtraTab[];
  /** Shown under the header and status, above the player (the interview's hiring card). */
  aside?: ReactNode;
  /** Where Back goes when there is no history (the list the page belongs to). */
  backTo?: string;
}) {
  const { id = '' } = useParams();
  // ?t=83 opens the meeting at 00:01:23 (Zai's citation links).
  const [search] = useSearchParams();
  const startTime = startTimeOf(search.get('t'));
  const navigate = useNavigate();
  const { user } = useAuth();
  const canManage = useCan('meetings.manage');
  // Managing a meeting is for its owner and whoever sees the whole organisation (server rule).
  const seesOrganization = useCan('meetings.organization');
  const meeting = useMeeting(id);
  const m = meeting.data;
  const liveLipSync = useLiveLipSync(m?.id);
  const status = useAnalysisStatus(m, { lipSync: liveLipSync });
  const hasZai = useHasZai();
  const insights = useMeetingInsights(m, hasZai);
  const { segments, speakers } = useSpeakerTurns(m);
  const highlights = useHighlightsOnPage(m?.id);
  // Mentions are counted again when the analysis ends and when the speakers are named.
  const trackerHits = useMeetingTrackerHits(
    m?.id,
    `${m?.inferenceStatus ?? ''}:${JSON.stringify(m?.additionalDetails ?? {})}`,
  );
  const ticks = useMemo(() => trackerTicks(trackerHits.data), [trackerHits.data]);
  const marks = useMemo(() => trackerMarks(trackerHits.data), [trackerHits.data]);
  const start = useStartAnalysis();
  const reanalyze = useReanalyze();
  const player = useRef<OfflinePlayerHandle>(null);
  const [time, setTime] = useState(0);
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [naming, setNaming] = useState(false);
  const [confirmReanalyze, setConfirmReanalyze] = useState(false);

  const seek = useCallback((t: number) => player.current?.seek(t), []);
  // A call its bot is recording: the live transcript and cards until the recording arrives.
  const recordingLive = useBotRecordingLive(m);
  const names = m?.additionalDetails;

  if (meeting.isLoading) {
    // Spec 2 §2: the interview page loads behind a full-page spinner.
    if (variant === 'interview') return <PageSpinner />;
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner className="size-6 text-accent" label="Loading meeting" />
      </div>
    );
  }
  if (!m) {
    const missing = isApiError(meeting.error, 404) || isApiError(meeting.error, 400);
    return (
      <EmptyState
        icon={FileQuestion}
        title={missing ? 'Meeting not found' : 'The meeting could not be loaded'}
        description={
          missing
            ? 'It may have been deleted, or it is not shared with you.'
            : 'Check your connection and try again.'
        }
        action={
          missing ? (
            <Button asChild variant="secondary">
              <Link to="/library">Back to library</Link>
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void meeting.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }

  const isOwner = user?.id === m.ownerId;
  const s = m.inferenceStatus;
  const actions: ActionMenuItem[] = [];
  // Changes to the meeting need meetings.manage (a custom role may leave it out).
  if (canManage && speakers.length > 0)
    actions.push({ label: 'Name speakers', icon: UserPen, onSelect: () => setNaming(true) });
  if (canManage && (s === 'processed' || s === 'failed'))
    actions.push({
      label: 'Re-analyze',
      icon: RefreshCw,
      onSelect: () => setConfirmReanalyze(true),
    });

  return (
    <div className="flex flex-col gap-5">
      <MeetingHeader
        meeting={m}
        onShare={canManage ? () => setSharing(true) : undefined}
        onDelete={canManage ? () => setDeleting(true) : undefined}
        actions={actions}
        extra={<ReportActions meeting={m} />}
        backTo={backTo}
      />
      {/* The bot comes first on a call's page: the analysis waits for its recording. */}
      <BotBanner
        meetingId={m.id}
        live={m.meetingLink !== null}
        recordingArrived={Boolean(m.storageLink)}
      />
      <StatusBanner
        status={s}
        reason={m.statusReason ?? status.data?.statusReason ?? null}
        progress={status.data?.progress}
        steps={status.data?.steps}
        onRetry={
          // A live meeting is analysed once its bot's recording arrives.
          isOwner && canManage && m.type !== 'live'
            ? () => start.mutate({ meetingId: m.id, salesStage: m.stage })
            : undefined
        }
        retrying={start.isPending}
      />
      <MediaNoticeBanner notice={m.mediaNotice} />
      {variant === 'meeting' ? (
        <MeetingDealField meeting={m} canChange={canManage && (isOwner || seesOrganization)} />
      ) : null}
      {aside}
      {/* Narrow screens read player, transcript, charts; wide ones put the charts under the
          player and the panels beside both (DESIGN: detail pages). */}
      {recordingLive ? (
        <section aria-label="Live transcript and analytics">
          <LiveMeetingPanels meetingId={m.id} />
        </section>
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(320px,2fr)]">
          <OfflinePlayer
            ref={player}
            src={m.storageLink}
            poster={m.imageLink}
            segments={segments}
            highlights={highlights.segments}
            ticks={ticks}
            onTimeChange={setTime}
            startTime={startTime}
            className="lg:col-start-1 lg:row-start-1"
          />
          <Card className="relative flex min-h-[420px] flex-col overflow-hidden lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:h-[calc(100dvh-2rem)]">
            <Tabs defaultValue="transcript" className="flex min-h-0 flex-1 flex-col">
              <TabsList aria-label="Meeting panels" className="px-2">
                <TabsTrigger value="transcript">
                  {variant === 'interview' ? 'Transcripts' : 'Transcript'}
                </TabsTrigger>
                <TabsTrigger value="hr">HR Insights</TabsTrigger>
                {extraTabs.map((t) => (
                  <TabsTrigger key={t.value} value={t.value}>
                    {t.label}
                  </TabsTrigger>
                ))}
                {variant === 'meeting' ? <TabsTrigger value="zai">Zai Insights</TabsTrigger> : null}
                {/* Spec 2 §2: shown only with ZAI_INTELLIGENCE. */}
                {hasZai ? <TabsTrigger value="actions">Action Items</TabsTrigger> : null}
                {/* The interview page keeps spec 2 §2's own tabs. */}
                {variant === 'meeting' ? (
                  <TabsTrigger value="highlights">Highlights</TabsTrigger>
                ) : null}
                <TabsTrigger value="details">Details</TabsTrigger>
              </TabsList>
              <TabsContent value="transcript" className="flex min-h-0 flex-1 flex-col">
                <TranscriptTab
                  meeting={m}
                  status={status.data}
                  hasZai={hasZai}
                  currentTime={time}
                  onSeek={seek}
                  onHighlight={variant === 'meeting' ? highlights.create : undefined}
                  marks={marks}
                />
              </TabsContent>
              <ZaiTabContent value="hr" hasZai={hasZai}>
                <CandidateAnalysis
                  insights={insights.data}
                  loading={insights.isLoading}
                  position={user?.position}
                  names={names ?? {}}
                  onSeek={seek}
                />
              </ZaiTabContent>
              {extraTabs.map((t) => (
                <TabsContent key={t.value} value={t.value} className="overflow-y-auto">
                  {t.render({ meeting: m, currentTime: time, seek })}
                </TabsContent>
              ))}
              <ZaiTabContent value="zai" hasZai={hasZai}>
                <ZaiInsightsPanel
                  data={insights.data?.data}
                  loading={insights.isLoading}
                  names={names ?? {}}
                  onSeek={seek}
                />
              </ZaiTabContent>
              {hasZai ? (
                <TabsContent value="actions" className="overflow-y-auto">
                  <ActionItemsPanel
                    item={findItem(insights.data?.data, ACTION_ITEMS_PROMPT)}
                    loading={insights.isLoading}
                    names={names ?? {}}
                    onSeek={seek}
                  />
                </TabsContent>
              ) : null}
              <TabsContent value="highlights" className="overflow-y-auto">
                <HighlightsPanel meetingId={m.id} onSeek={seek} onEdit={highlights.edit} />
              </TabsContent>
              <TabsContent value="details" className="overflow-y-auto">
                <DetailsPanel meeting={m} engine={status.data?.engine} />
              </TabsContent>
            </Tabs>
          </Card>
          {s === 'uploaded' || s === 'failed' ? null : (
            <div className="min-w-0 lg:col-start-1 lg:row-start-2">
              <Suspense fallback={null}>
                <ConversationAnalytics meeting={m} hasZai={hasZai} onSeek={seek} />
                <div className="mt-6">
                  <VideoSignals meeting={m} onSeek={seek} liveLipSync={liveLipSync} />
                </div>
              </Suspense>
            </div>
          )}
          <div className="min-w-0 lg:col-start-1 lg:row-start-3">
            <BiometricCard meetingId={m.id} onSeek={seek} canVerify={isOwner || seesOrganization} />
            <div className="mt-6 empty:hidden">
              <LivePhysiologyRuns meetingId={m.id} />
            </div>
          </div>
        </div>
      )}
      <NameSpeakersDialog
        open={naming}
        meetingId={m.id}
        speakers={speakers}
        names={m.additionalDetails}
        onClose={() => setNaming(false)}
      />
      <ConfirmDialog
        open={confirmReanalyze}
        onOpenChange={setConfirmReanalyze}
        title="Re-analyze this meeting?"
        description="The transcript and analytics are computed again from the recording. Credits for its length are charged when the analysis finishes."
        confirmLabel="Re-analyze"
        busy={reanalyze.isPending}
        onConfirm={() => reanalyze.mutate(m.id, { onSettled: () => setConfirmReanalyze(false) })}
      />
      <HighlightDialog meetingId={m.id} {...highlights.dialog} />
      <ShareDialog meeting={sharing ? m : null} onOpenChange={setSharing} />
      <DeleteMeetingDialog
        meeting={deleting ? m : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(backTo ?? '/library', { replace: true })}
      />
    </div>
  );
}
