import { LiveTranscriber, type LiveUtterance, type LiveWindowDecoder } from '@parley/analysis';
import {
  LIVE_ZAI_FREQUENCY_MS,
  REALTIME,
  type LiveAnalytics,
  type LiveSegment,
  type LiveStatus,
  type LiveZaiPrompts,
  type MeetingStage,
} from '@parley/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import { computeLiveAnalytics, type FinalSegment } from './analytics.js';
import type { LiveAudioSink, LiveSpeaker } from './audio-sink.js';
import type { LiveRepo } from './repo.js';
import { runLiveZai } from './zai.js';

type Engine = ConstructorParameters<typeof LiveTranscriber>[0]['engine'];
type ScoreFrame = ConstructorParameters<typeof LiveTranscriber>[0]['scoreFrame'];

export interface LiveSessionsDeps {
  broadcaster: MeetingBroadcaster;
  repo: LiveRepo;
  /** The speech engine every stream shares (limitEngine over the selected one). */
  engine: Engine;
  /** Whether the shared engine has room for an interim result (finals never wait for one). */
  engineIdle?: () => boolean;
  /**
   * A decoder of its own per participant, open for the whole call (the built-in engine:
   * openPocketsphinxLive); without it each window goes to the shared engine.
   */
  openDecoder?: () => LiveWindowDecoder;
  /** A new Silero scorer per stream (it keeps the stream's recurrent state). */
  createScorer: () => Promise<ScoreFrame>;
  stageOf: (meetingId: string) => Promise<MeetingStage>;
  /** Zai's live prompts; null leaves them out. */
  ai: AiProviderResolver | null;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Live cards are sent at most this often (default 1 s). */
  analyticsEveryMs?: number;
  /** Zai's live prompts (default LIVE_ZAI_FREQUENCY_MS, the spec's 2 minutes). */
  zaiEveryMs?: number;
  /** Endpointing of the streams (see LiveTranscriber). */
  pauseSec?: number;
}

interface Stream {
  name: string;
  transcriber: Promise<LiveTranscriber>;
  /** Where the stream's first sample lies on the call's clock (seconds). */
  startSec: number;
  /** Samples heard so far. */
  heard: number;
  /** The last RECENT_SEC of audio, in chunks as pushed (live biometric verification). */
  recent: Float32Array[];
  recentSamples: number;
}

interface Session {
  meetingId: string;
  organizationId: string;
  /** Where the call's clock starts: every time of the live transcript counts from it. */
  startedAt: Date;
  /** Seconds from the call's start to this session's opening (the recording's start). */
  openedAtSec: number;
  streams: Map<string, Stream>;
  interims: Map<string, LiveSegment>;
  finals: FinalSegment[];
  analytics: LiveAnalytics | null;
  zai: LiveZaiPrompts | null;
  /** Finals stored so far, in order; awaited on close. */
  writes: Promise<void>;
  analyticsTimer: NodeJS.Timeout | null;
  zaiTimer: NodeJS.Timeout;
  zaiSeen: number;
}

interface Ended {
  startedAt: Date;
  openedAtSec: number;
  speakers: number;
  analytics: LiveAnalytics | null;
  zai: LiveZaiPrompts | null;
}

const SAMPLE_RATE = 16_000;
/** Audio of each participant kept for live voice verification around a moment of the call. */
const RECENT_SEC = 60;
/** Ended calls whose last cards are remembered for the status and tag routes. */
const ENDED_KEPT = 200;

const toFloat = (pcm: Int16Array): Float32Array => {
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
  return out;
};

/**
 * What is behind LiveAudioSink (issue 18 items 4 and 5): one session per meeting, a
 * LiveTranscriber per participant, every interim and final segment sent to the meeting's
 * realtime room, finals stored (live_segments) so a page opened mid-call reads them, and the
 * live cards recomputed from the finals and sent as they change; Zai's live prompts every two
 * minutes. With the built-in engine each participant has a pocketsphinx process of their own
 * for the call; another engine is shared by all streams, limited to the cores. Silero scoring
 * is a few milliseconds per 96 ms frame.
 */
export class LiveSessions implements LiveAudioSink {
  private readonly sessions = new Map<string, Session>();
  private readonly ended = new Map<string, Ended>();
  private readonly unknownWarned = new Set<string>();
  private readonly closedListeners: ((meetingId: string) => Promise<void>)[] = [];

  constructor(private readonly deps: LiveSessionsDeps) {}

  /** Called after a call's session closed (live physiology stops its captures). */
  onClosed(listener: (meetingId: string) => Promise<void>): void {
    this.closedListeners.push(listener);
  }

  async open(meeting: {
    meetingId: string;
    organizationId: string;
    callStartedAt?: Date;
  }): Promise<void> {
    if (this.sessions.has(meeting.meetingId)) return;
    const now = this.deps.now();
    const startedAt =
      meeting.callStartedAt && meeting.callStartedAt <= now ? meeting.callStartedAt : now;
    const session: Session = {
      meetingId: meeting.meetingId,
      organizationId: meeting.organizationId,
      startedAt,
      openedAtSec: (now.getTime() - startedAt.getTime()) / 1000,
      streams: new Map(),
      interims: new Map(),
      finals: [],
      analytics: null,
      zai: null,
      writes: Promise.resolve(),
      analyticsTimer: null,
      zaiTimer: setInterval(
        () => void this.askZai(session),
        this.deps.zaiEveryMs ?? LIVE_ZAI_FREQUENCY_MS,
      ),
      zaiSeen: 0,
    };
    session.zaiTimer.unref();
    this.ended.delete(meeting.meetingId);
    this.sessions.set(meeting.meetingId, session);
  }

  push(meetingId: string, speaker: LiveSpeaker, pcm: Int16Array): void {
    const session = this.sessions.get(meetingId);
    if (!session) {
      if (!this.unknownWarned.has(meetingId)) {
        this.unknownWarned.add(meetingId);
        this.deps.log.warn(
          { meetingId },
          'live audio for a meeting without a live session dropped',
        );
      }
      return;
    }
    let stream = session.streams.get(speaker.id);
    if (!stream) {
      // Where this participant's first samples lie on the call's clock: now, less their length.
      const startSec = Math.max(
        0,
        (this.deps.now().getTime() - session.startedAt.getTime()) / 1000 - pcm.length / SAMPLE_RATE,
      );
      const created: Stream = {
        name: speaker.name,
        startSec,
        heard: 0,
        recent: [],
        recentSamples: 0,
        transcriber: this.deps.createScorer().then(
          (scoreFrame) =>
            new LiveTranscriber({
              speakerId: speaker.id,
              ...(this.deps.openDecoder
                ? { decoder: this.deps.openDecoder() }
                : {
                    engine: this.deps.engine,
                    ...(this.deps.engineIdle ? { interimAllowed: this.deps.engineIdle } : {}),
                  }),
              scoreFrame,
              startSec,
              ...(this.deps.pauseSec ? { pauseSec: this.deps.pauseSec } : {}),
              onSegment: (u) => this.onUtterance(session, created, u),
              onError: (err) =>
                this.deps.log.error({ err, meetingId }, 'live transcription of a window failed'),
            }),
        ),
      };
      stream = created;
      session.streams.set(speaker.id, stream);
    }
    stream.name = speaker.name;
    const samples = toFloat(pcm);
    stream.heard += samples.length;
    stream.recent.push(samples);
    stream.recentSamples += samples.length;
    while (stream.recentSamples - stream.recent[0]!.length >= RECENT_SEC * SAMPLE_RATE)
      stream.recentSamples -= stream.recent.shift()!.length;
    void stream.transcriber.then((t) => t.push(samples));
  }

  async close(meetingId: string): Promise<void> {
    const session = this.sessions.get(meetingId);
    if (!session) return;
    await Promise.all(
      [...session.streams.values()].map(async (s) => (await s.transcriber).close()),
    );
    this.sessions.delete(meetingId);
    clearInterval(session.zaiTimer);
    if (session.analyticsTimer) clearTimeout(session.analyticsTimer);
    await session.writes;
    if (session.finals.length > 0) this.sendAnalytics(session);
    this.ended.set(meetingId, {
      startedAt: session.startedAt,
      openedAtSec: session.openedAtSec,
      speakers: session.streams.size,
      analytics: session.analytics,
      zai: session.zai,
    });
    while (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.keys().next().value!);
    this.deps.broadcaster.toMeeting(meetingId, REALTIME.liveEnded, { meetingId });
    await Promise.all(this.closedListeners.map((l) => l(meetingId)));
  }

  /**
   * Ends every session (the server is stopping): what was said is transcribed first, for at
   * most `waitMs` (shutdown must not hang on a busy engine; the recording is still analysed).
   */
  async closeAll(waitMs = 8000): Promise<void> {
    const all = Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), waitMs)),
    );
    const outcome = await Promise.race([all.then(() => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late')
      this.deps.log.warn(
        { live: this.sessions.size },
        'live sessions still transcribing at shutdown',
      );
  }

  /**
   * Where the recording starts on the call's clock: the session opened as the notetaker began
   * recording. 0 when not known (an ended call this process no longer remembers).
   */
  recordingStartSec(meetingId: string): number {
    return (this.sessions.get(meetingId) ?? this.ended.get(meetingId))?.openedAtSec ?? 0;
  }

  isLive(meetingId: string): boolean {
    return this.sessions.has(meetingId);
  }

  status(meetingId: string, storedFinals: number): LiveStatus {
    const live = this.sessions.get(meetingId);
    if (live)
      return {
        meetingId,
        status: 'live',
        startedAt: live.startedAt.toISOString(),
        speakers: live.streams.size,
      };
    const ended = this.ended.get(meetingId);
    if (ended)
      return {
        meetingId,
        status: 'ended',
        startedAt: ended.startedAt.toISOString(),
        speakers: ended.speakers,
      };
    return { meetingId, status: storedFinals > 0 ? 'ended' : 'none', startedAt: null, speakers: 0 };
  }

  /**
   * The last minute of the participant's audio whose name is `name` (as the room names them,
   * case and spacing aside), with where it starts on the call's clock; null when none speaks.
   */
  recentAudio(meetingId: string, name: string): { pcm: Float32Array; startSec: number } | null {
    const key = name.trim().toLowerCase();
    const stream = [...(this.sessions.get(meetingId)?.streams.values() ?? [])].find(
      (s) => s.name.trim().toLowerCase() === key,
    );
    if (!stream || stream.recentSamples === 0) return null;
    const pcm = new Float32Array(stream.recentSamples);
    let at = 0;
    for (const chunk of stream.recent) {
      pcm.set(chunk, at);
      at += chunk.length;
    }
    const startSec = stream.startSec + (stream.heard - stream.recentSamples) / SAMPLE_RATE;
    return { pcm, startSec };
  }

  /** The interim segments being spoken now (the finals are read from the database). */
  interims(meetingId: string): LiveSegment[] {
    return [...(this.sessions.get(meetingId)?.interims.values() ?? [])];
  }

  latest(meetingId: string): { analytics: LiveAnalytics | null; zai: LiveZaiPrompts | null } {
    const s = this.sessions.get(meetingId) ?? this.ended.get(meetingId);
    return { analytics: s?.analytics ?? null, zai: s?.zai ?? null };
  }

  private onUtterance(session: Session, stream: Stream, u: LiveUtterance): void {
    const segment: LiveSegment = {
      id: u.id,
      name: stream.name,
      content: u.text,
      timeStamps: { start: u.start, end: u.end },
      isFinal: u.isFinal,
      ...(u.isFinal
        ? { words: u.words.map(({ word, start, end }) => ({ word, start, end })) }
        : {}),
    };
    const { meetingId, organizationId } = session;
    this.deps.broadcaster.toMeeting(meetingId, REALTIME.liveSegment, { meetingId, ...segment });
    if (!u.isFinal) {
      session.interims.set(u.speakerId, segment);
      return;
    }
    session.interims.delete(u.speakerId);
    if (!u.text.trim()) return;
    const final: FinalSegment = {
      segmentId: u.id,
      speakerName: stream.name,
      content: u.text,
      startSec: u.start,
      endSec: u.end,
      words: segment.words ?? [],
    };
    session.finals.push(final);
    session.writes = session.writes
      .then(() => this.deps.repo.insertFinal(organizationId, meetingId, u.speakerId, final))
      .catch((err: unknown) =>
        this.deps.log.error({ err, meetingId }, 'a live transcript segment was not stored'),
      );
    session.analyticsTimer ??= setTimeout(() => {
      session.analyticsTimer = null;
      this.sendAnalytics(session);
    }, this.deps.analyticsEveryMs ?? 1000);
  }

  private sendAnalytics(session: Session): void {
    session.analytics = computeLiveAnalytics(session.meetingId, session.finals, this.deps.now());
    this.deps.broadcaster.toMeeting(session.meetingId, REALTIME.liveAnalytics, session.analytics);
  }

  /** Zai's live prompts, when something new was said since the last ones. */
  private async askZai(session: Session): Promise<void> {
    const ai = this.deps.ai;
    if (!ai || session.finals.length === session.zaiSeen) return;
    session.zaiSeen = session.finals.length;
    try {
      const now = this.deps.now();
      const every = this.deps.zaiEveryMs ?? LIVE_ZAI_FREQUENCY_MS;
      session.zai = await runLiveZai(
        ai,
        {
          meetingId: session.meetingId,
          organizationId: session.organizationId,
          stage: await this.deps.stageOf(session.meetingId),
        },
        session.finals,
        now,
        new Date(now.getTime() + every),
      );
      this.deps.broadcaster.toMeeting(session.meetingId, REALTIME.liveZai, session.zai);
    } catch (err) {
      this.deps.log.warn({ err, meetingId: session.meetingId }, "Zai's live prompts failed");
    }
  }
}
