/** Realtime channel (socket.io) event names shared by server and web (spec 2 §4, §7). */
export const REALTIME = {
  path: '/socket.io',
  joinRoom: 'join-room-for-inference',
  /** Status of a meeting's analysis: { meetingId, inferenceStatus, statusReason, progress? }. */
  status: 'meeting-status',
  processed: 'Processed',
  /**
   * The speech step stored the transcript of the recording's start while it transcribes the
   * rest: { meetingId, transcribedSec, durationSec, words }. Read it with GET transcription.
   */
  transcriptProgress: 'transcript-progress',
  /** A meeting's bot changed state: a MeetingBotView (contracts/bots.ts). */
  botState: 'bot-state',
  /**
   * A live call's transcript (spec 2 §3 "real-time transcription"): one LiveSegment (live.ts),
   * interim or final, with `meetingId`; the web applies it with applyLiveSegment.
   */
  liveSegment: 'real-time-transcription',
  /** Live cards recomputed from the final segments: LiveAnalytics (live.ts). */
  liveAnalytics: 'live-analytics',
  /** Zai's live prompts, every LIVE_ZAI_FREQUENCY_MS: LiveZaiPrompts (live.ts). */
  liveZai: 'live-zai-prompts',
  /** The live session closed ({ meetingId }): the recording goes to the offline pipeline. */
  liveEnded: 'live-ended',
  reanalyzeStatus: 'ReanalyzeStatus',
  offlineStatus: 'OfflineStatus',
  reconnectionDelayMs: 1000,
  reconnectionDelayMaxMs: 5000,
  connectTimeoutMs: 20_000,
} as const;

/** Events after which the client leaves the channel. */
export const REALTIME_TERMINAL_EVENTS = [
  REALTIME.processed,
  REALTIME.reanalyzeStatus,
  REALTIME.offlineStatus,
] as const;
