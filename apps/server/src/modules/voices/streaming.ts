import { randomUUID } from 'node:crypto';
import { AVATAR_STREAMING, type SpeechClip } from '@parley/contracts';
import { AppError } from '../../platform/errors.js';

/** One avatar performance: what the browser needs to show it. */
export interface PresenterSession {
  sessionId: string;
  /** The service's WebRTC offer (streaming services); null for the portrait. */
  sdp: { type: string; sdp: string } | null;
  iceServers: unknown[];
}

/**
 * What makes an avatar speak. The built-in portrait answers `say` with the clip the browser
 * plays and animates; a streaming service renders the video itself and answers null.
 */
export interface AvatarPresenter {
  readonly kind: 'portrait' | 'streaming';
  open(avatarName: string): Promise<PresenterSession>;
  say(session: PresenterSession, text: string): Promise<SpeechClip | null>;
  interrupt(session: PresenterSession): Promise<void>;
  close(session: PresenterSession): Promise<void>;
}

/** The built-in portrait: speech from the avatar's voice, animated in the browser. */
export function portraitPresenter(speak: (text: string) => Promise<SpeechClip>): AvatarPresenter {
  return {
    kind: 'portrait',
    open: () => Promise.resolve({ sessionId: randomUUID(), sdp: null, iceServers: [] }),
    say: (_session, text) => speak(text),
    // The browser stops its own audio; nothing runs on the server between sentences.
    interrupt: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export interface StreamingAvatarOptions {
  /** e.g. "https://api.heygen.com"; tests give their stand-in's address. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface NewSessionAnswer {
  data?: {
    session_id?: string;
    sdp?: { type: string; sdp: string };
    ice_servers2?: unknown[];
  };
}

/**
 * A HeyGen-style streaming avatar service (spec 2 §7): new session (quality high, voice rate
 * 0.25, spec §9), ice, start with the browser's SDP answer, task (text to speak), interrupt,
 * stop. Every call is a POST with the key in X-Api-Key.
 */
export class StreamingAvatarService implements AvatarPresenter {
  readonly kind = 'streaming' as const;

  constructor(private readonly opts: StreamingAvatarOptions) {}

  private async post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const doFetch = this.opts.fetch ?? fetch;
    const base = this.opts.baseUrl.replace(/\/+$/, '');
    let res: Response;
    try {
      res = await doFetch(`${base}/v1/${path}`, {
        method: 'POST',
        headers: { 'X-Api-Key': this.opts.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
      });
    } catch {
      throw new AppError(502, 'The avatar streaming service could not be reached');
    }
    if (!res.ok) {
      throw new AppError(
        502,
        `The avatar streaming service refused ${path} (HTTP ${String(res.status)})`,
      );
    }
    return (await res.json().catch(() => ({}))) as T;
  }

  async open(avatarName: string): Promise<PresenterSession> {
    const answer = await this.post<NewSessionAnswer>('streaming.new', {
      quality: AVATAR_STREAMING.quality,
      avatar_name: avatarName,
      voice: { rate: AVATAR_STREAMING.voiceRate },
    });
    const d = answer.data;
    if (!d?.session_id || !d.sdp) {
      throw new AppError(502, 'The avatar streaming service gave no session');
    }
    return { sessionId: d.session_id, sdp: d.sdp, iceServers: d.ice_servers2 ?? [] };
  }

  /** The browser's SDP answer: the stream starts. */
  async start(session: PresenterSession, answer: { type: string; sdp: string }): Promise<void> {
    await this.post('streaming.start', { session_id: session.sessionId, sdp: answer });
  }

  async ice(session: PresenterSession, candidate: unknown): Promise<void> {
    await this.post('streaming.ice', { session_id: session.sessionId, candidate });
  }

  async say(session: PresenterSession, text: string): Promise<null> {
    await this.post('streaming.task', { session_id: session.sessionId, text });
    return null;
  }

  async interrupt(session: PresenterSession): Promise<void> {
    await this.post('streaming.interrupt', { session_id: session.sessionId });
  }

  async close(session: PresenterSession): Promise<void> {
    await this.post('streaming.stop', { session_id: session.sessionId });
  }
}
