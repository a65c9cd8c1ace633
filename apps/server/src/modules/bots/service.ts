import {
  BOT_MESSAGES as B,
  REALTIME,
  ROOM_MESSAGES,
  type BotProvider,
  type BotServiceStatus,
  type BotState,
  type ExtensionResponse,
  type MeetingBotView,
} from '@parley/contracts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { MeetingsService } from '../meetings/index.js';
import { ACTIVE, TERMINAL, toBotView } from './bot-view.js';
import { botRecordingJob } from './jobs.js';
import type { BotLiveAudio } from './live-audio.js';
import type { BotReports, MeetingBot } from './meeting-bot.js';
import { importFile, importRecording, type RecordingImportDeps } from './recording.js';
import type { BotsRepo, MeetingBotRow } from './repo.js';
import { createBotStarter } from './start.js';
import {
  BotWebhookRefused,
  type BotServiceAdapter,
  type BotWebhookDelivery,
  type HeaderBag,
} from './service-adapter.js';

export interface BotsDeps {
  repo: BotsRepo;
  meetings: MeetingsService;
  broadcaster: MeetingBroadcaster;
  queue: JobQueue;
  secrets: SecretBox;
  /** The outside service BOT_PROVIDER names, or null (none). */
  outside: BotServiceAdapter | null;
  /** Its address, shown on the integrations page (never its key). */
  outsideUrl: string | null;
  botName: string;
  /** The spoken announcement as MP3 for the outside services (null: chat only). */
  announcement: (() => Promise<Buffer | null>) | null;
  /** Receives the outside services' live audio (null in a worker: no sockets there). */
  liveAudio: BotLiveAudio | null;
  recording: RecordingImportDeps;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * The meeting bots (issue 18 items 2 and 6): which bot joins a link, its state as its service
 * reports it (announced on the meeting's room as REALTIME.botState), consent, and the call's
 * recording imported into the offline pipeline at the end.
 */
export function createBotsService(deps: BotsDeps) {
  const { repo, meetings, now, log } = deps;
  // Parley's own rooms register their bot when the rooms module is present.
  const inProcess: MeetingBot[] = [];

  const emit = (row: MeetingBotRow) =>
    deps.broadcaster.toMeeting(row.meetingId, REALTIME.botState, toBotView(row));

  /** Parley rooms first (always theirs when registered), then the configured service. */
  function botFor(link: URL): MeetingBot | null {
    const own = inProcess.find((b) => b.accepts(link));
    if (own) return own;
    return deps.outside?.accepts(link) ? deps.outside : null;
  }
  const botOf = (row: MeetingBotRow): MeetingBot | null =>
    row.provider === 'parley'
      ? (inProcess.find((b) => b.provider === 'parley') ?? null)
      : deps.outside?.provider === row.provider
        ? deps.outside
        : null;

  async function changeState(row: MeetingBotRow, state: BotState, reason: string | null) {
    // A late delivery does not bring a bot back into a call it left.
    if (TERMINAL.includes(row.state) && !TERMINAL.includes(state)) return row;
    if (row.state === state && row.reason === reason) return row;
    const updated = await repo.setState(row.id, state, reason, now());
    if (!updated) return row;
    emit(updated);
    const outside = deps.outside;
    if (state === 'recording' && outside?.speak && outside.provider === row.provider) {
      void speakAnnouncement(outside, updated);
    }
    if (TERMINAL.includes(state)) {
      await deps.liveAudio?.end(updated).catch((err: unknown) => {
        log.warn({ err, botId: row.id }, 'the live audio of the bot did not close');
      });
    }
    if (state === 'failed' && !updated.recordingImportedAt) {
      await meetings.setStatus(row.meetingId, 'failed', `The meeting bot failed: ${reason ?? ''}`);
    }
    return updated;
  }

  /** Attendee plays the announcement when asked, once its bot records. */
  async function speakAnnouncement(outside: BotServiceAdapter, row: MeetingBotRow): Promise<void> {
    try {
      const mp3 = await deps.announcement?.();
      if (mp3 && row.externalId) await outside.speak?.(row.externalId, mp3);
    } catch (err) {
      log.warn({ err, botId: row.id }, 'the bot service did not play the announcement');
    }
  }

  /** The bot a delivery is about: by the service's id, else by the id in its metadata. */
  async function botOfDelivery(
    provider: BotProvider,
    delivery: BotWebhookDelivery,
  ): Promise<MeetingBotRow | null> {
    const known = await repo.byExternal(provider, delivery.externalId);
    if (known || !delivery.parleyBotId) return known;
    const row = await repo.byId(delivery.parleyBotId);
    // Only a bot of this service still waiting for its id: the metadata cannot move another.
    if (!row || row.provider !== provider || row.externalId) return null;
    return repo.setExternalId(row.id, delivery.externalId, now());
  }

  const startBot = createBotStarter(deps, { botFor, changeState, emit });

  async function visibleBot(caller: Caller, id: string, message: string = B.notFound) {
    const row = await repo.byId(id);
    if (!row || row.organizationId !== caller.organizationId) throw notFound(message);
    if (!(await meetings.canView(caller, row.meetingId))) throw notFound(message);
    return row;
  }

  /** A Parley room's link names a meeting: another organisation's (or one hidden) is 404. */
  async function ownMeetingVisible(caller: Caller, meetingLink: string): Promise<void> {
    let link: URL;
    try {
      link = new URL(meetingLink);
    } catch {
      return;
    }
    const id = botFor(link)?.meetingOf?.(link);
    if (id && !(await meetings.canView(caller, id))) throw notFound(ROOM_MESSAGES.notFound);
  }

  /** What the bots report, in process (Parley rooms) or through webhooks. */
  const reports: BotReports = {
    async state(botId, state, reason) {
      const row = await repo.byId(botId);
      if (row) await changeState(row, state, reason ?? null);
    },
    async recording(botId, file) {
      const row = await repo.byId(botId);
      if (!row || row.recordingImportedAt) return;
      if (await importFile(deps.recording, row, file, null)) await repo.claimImport(row.id, now());
      else await meetings.setStatus(row.meetingId, 'failed', B.recordingStopped);
    },
  };

  return {
    reports,
    startBot,

    /** Parley's own rooms' bot (provider 'parley'): takes every room link it accepts. */
    registerBot(bot: MeetingBot): void {
      inProcess.push(bot);
    },

    async start(
      caller: Caller,
      body: { meetingLink: string; meetingName: string; language: string },
    ): Promise<ExtensionResponse> {
      await ownMeetingVisible(caller, body.meetingLink);
      return startBot({ ...body, organizationId: caller.organizationId, userId: caller.userId });
    },

    /** meeting/join: the same, named after the link's host; failures read as the spec says. */
    async join(caller: Caller, joinLink: string): Promise<ExtensionResponse> {
      let host = joinLink;
      try {
        host = new URL(joinLink).hostname;
      } catch {
        throw badRequest(B.badLink);
      }
      await ownMeetingVisible(caller, joinLink);
      try {
        return await startBot({
          organizationId: caller.organizationId,
          userId: caller.userId,
          meetingLink: joinLink,
          meetingName: `Meeting on ${host}`,
          language: 'en-US',
        });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 502)
          throw new AppError(502, B.joinFailed);
        throw err;
      }
    },

    /**
     * Consent (spec 2 §7 PATCH extension/{id}): withdrawn, the service stops recording and
     * whatever it still recorded after this moment is cut from the file imported at the end.
     */
    async consent(caller: Caller, id: string, allowRecording: boolean): Promise<MeetingBotView> {
      const row = await visibleBot(caller, id);
      if (allowRecording) {
        if (row.recordingStoppedAt) throw conflict(B.cannotRestart);
        return toBotView(row);
      }
      const updated = (await repo.setConsent(row.id, false, now())) ?? row;
      deps.liveAudio?.stop(row.id);
      const bot = botOf(row);
      if (bot && row.externalId && ACTIVE.includes(row.state)) {
        try {
          await bot.stopRecording(row.externalId);
        } catch (err) {
          // The cut at import still keeps nothing after this moment.
          log.warn({ err, botId: row.id }, 'the bot service did not stop recording');
        }
      }
      emit(updated);
      return toBotView(updated);
    },

    async ofMeeting(caller: Caller, meetingId: string): Promise<MeetingBotView | null> {
      await meetings.visible(caller, meetingId);
      const [row] = await repo.latestOf(caller.organizationId, [meetingId]);
      return row ? toBotView(row) : null;
    },

    async ofMeetings(caller: Caller, ids: string[]): Promise<MeetingBotView[]> {
      const rows = await repo.latestOf(caller.organizationId, ids.slice(0, 100));
      const seen = await Promise.all(rows.map((r) => meetings.canView(caller, r.meetingId)));
      return rows.filter((_, i) => seen[i]).map(toBotView);
    },

    /** meeting/login-bot: the account the bot signs in with, sealed; never read back out. */
    async loginBot(
      caller: Caller,
      body: { email: string; password: string; id: string },
    ): Promise<{ message: string }> {
      const row = await visibleBot(caller, body.id, B.loginFailed);
      const sealed = deps.secrets.seal(
        { email: body.email, password: body.password },
        botLoginSealContext(row),
      );
      await repo.setLogin(row.id, sealed, now());
      return { message: B.loginSaved };
    },

    async serviceStatus(): Promise<BotServiceStatus> {
      const parleyRooms = inProcess.some((b) => b.provider === 'parley');
      const outside = deps.outside;
      if (!outside) {
        return { provider: 'none', url: null, reachable: null, detail: null, parleyRooms };
      }
      try {
        await outside.ping();
        return {
          provider: outside.provider,
          url: deps.outsideUrl,
          reachable: true,
          detail: null,
          parleyRooms,
        };
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        return {
          provider: outside.provider,
          url: deps.outsideUrl,
          reachable: false,
          detail,
          parleyRooms,
        };
      }
    },

    /**
     * A webhook delivery: refused (401, logged) unless signed with the secret, applied once
     * per delivery id. The call's end queues the recording's import.
     */
    async receiveWebhook(provider: 'attendee' | 'recall', headers: HeaderBag, rawBody: Buffer) {
      const outside = deps.outside;
      if (!outside || outside.provider !== provider) throw notFound();
      let delivery;
      try {
        delivery = outside.readWebhook(headers, rawBody);
      } catch (err) {
        if (!(err instanceof BotWebhookRefused)) throw err;
        log.warn({ provider, reason: err.message }, 'bot service webhook refused');
        throw new AppError(err.statusCode, err.statusCode === 401 ? B.badSignature : err.message);
      }
      if (!(await repo.firstDelivery(provider, delivery.eventId))) {
        log.info({ provider, eventId: delivery.eventId }, 'bot webhook replayed: already applied');
        return { received: true };
      }
      try {
        const row = await botOfDelivery(provider, delivery);
        if (!row) {
          log.warn({ provider, externalId: delivery.externalId }, 'webhook for an unknown bot');
          return { received: true };
        }
        if (delivery.participant) {
          deps.liveAudio?.named(row.id, delivery.participant.id, delivery.participant.name);
        }
        if (delivery.state) await changeState(row, delivery.state, delivery.reason);
        if (delivery.recordingReady) await deps.queue.send(botRecordingJob, { botId: row.id });
      } catch (err) {
        // Not applied: the service's retry of this delivery must be.
        await repo.forgetDelivery(provider, delivery.eventId);
        throw err;
      }
      return { received: true };
    },

    async registerWorker(): Promise<void> {
      await deps.queue.work(botRecordingJob, async ({ botId }) => {
        const row = await repo.byId(botId);
        if (!row || row.recordingImportedAt || !row.externalId) return;
        const outside = deps.outside;
        if (!outside || outside.provider !== row.provider) return;
        const kept = await importRecording(deps.recording, outside, {
          ...row,
          externalId: row.externalId,
        });
        await repo.claimImport(row.id, now());
        if (!kept) await meetings.setStatus(row.meetingId, 'failed', B.recordingStopped);
      });
      await deps.queue.work(botRecordingJob.deadLetter, async ({ botId }, run) => {
        const row = await repo.byId(botId);
        log.warn({ botId, reason: run.reason }, 'the call recording could not be imported');
        if (row) {
          await meetings.setStatus(
            row.meetingId,
            'failed',
            `The call's recording could not be imported: ${run.reason ?? 'unknown error'}`,
          );
        }
      });
    },
  };
}
export type BotsService = ReturnType<typeof createBotsService>;

/** What a bot's sealed sign-in is bound to: its organisation and bot (rotate-secrets reuses it). */
export const botLoginSealContext = (row: { organizationId: string; id: string }) =>
  `${row.organizationId}:bot-login:${row.id}`;
