import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import {
  UPLOAD,
  ZOOM_MESSAGES as M,
  zoomWebhookPath,
  API_PREFIX,
  type Meeting,
  type ZoomConfigBody,
  type ZoomStatus,
} from '@parley/contracts';
import {
  AppError,
  badRequest,
  notFound,
  unauthorized,
  withoutServerDetails,
} from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import { isUnreachable } from '../../platform/net/endpoint-guard.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { IntegrationConfigs } from '../integrations/index.js';
import { zoomImportJob } from './jobs.js';
import type { ZoomRepo } from './repo.js';
import { urlValidation, verifyZoomSignature } from './signature.js';

/** The provider name of the organisation's Zoom row in integration_configs. */
export const ZOOM_PROVIDER = 'zoom';

export interface ZoomDeps {
  repo: ZoomRepo;
  configs: IntegrationConfigs;
  secrets: SecretBox;
  queue: JobQueue;
  resolveStore: StoreResolver;
  meetings: { createFromFile(auth: Caller, file: NewFile): Promise<Meeting> };
  /** Members of the organisation by address (lower-cased): the host becomes the owner. */
  membersByEmail(organizationId: string, emails: readonly string[]): Promise<Map<string, string>>;
  /** The member as a caller (their role now); null when they are gone or inactive. */
  callerOf(userId: string): Promise<Caller | null>;
  /** Every call to Zoom goes through the endpoint guard's fetch. */
  fetch: typeof fetch;
  oauthOrigin: string;
  publicUrl: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

interface NewFile {
  provider: 'local';
  key: string;
  fileName: string;
  sizeBytes: number;
  mimeType: string | null;
  stage: 'basic_meeting';
  title: string | null;
}

const secretsSchema = z.object({ clientSecret: z.string(), secretToken: z.string() });
/** Binds Zoom's sealed secrets and download tokens to the organisation (rotate-secrets reuses it). */
export const context = (organizationId: string) => `${organizationId}:${ZOOM_PROVIDER}`;

const recordingFile = z.object({
  id: z.string().optional(),
  file_type: z.string(),
  file_extension: z.string().optional(),
  download_url: z.string().url(),
  status: z.string().optional(),
  recording_type: z.string().optional(),
});
const webhookBody = z.object({
  event: z.string(),
  event_ts: z.number().optional(),
  download_token: z.string().optional(),
  payload: z.object({
    plainToken: z.string().optional(),
    object: z
      .object({
        uuid: z.string(),
        id: z.union([z.number(), z.string()]).optional(),
        topic: z.string().default('Zoom meeting'),
        start_time: z.string().optional(),
        host_email: z.string().optional(),
        recording_files: z.array(recordingFile).default([]),
      })
      .optional(),
  }),
});

/** The file Parley analyses: the speaker-view video first, any MP4 next, audio only last. */
function pickFile(files: z.infer<typeof recordingFile>[]) {
  const done = files.filter((f) => !f.status || f.status === 'completed');
  return (
    done.find(
      (f) => f.file_type === 'MP4' && f.recording_type === 'shared_screen_with_speaker_view',
    ) ??
    done.find((f) => f.file_type === 'MP4') ??
    done.find((f) => f.file_type === 'M4A') ??
    null
  );
}

const safeName = (topic: string) =>
  topic
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120) || 'Zoom meeting';

export function createZoomService(deps: ZoomDeps) {
  const { repo, configs, secrets, queue, now, log } = deps;

  const webhookUrl = (organizationId: string) =>
    `${deps.publicUrl}${API_PREFIX}${zoomWebhookPath(organizationId)}`;

  async function credentials(organizationId: string) {
    const row = await configs.get(organizationId, ZOOM_PROVIDER);
    if (!row) return null;
    try {
      const sealed = secretsSchema.parse(
        secrets.open(row.secretSealed ?? '', context(organizationId)),
      );
      return {
        row,
        accountId: row.settings.accountId ?? '',
        clientId: row.settings.clientId ?? '',
        ...sealed,
      };
    } catch {
      return null;
    }
  }

  /** A Server-to-Server OAuth access token (account_credentials grant). */
  async function accessToken(c: {
    accountId: string;
    clientId: string;
    clientSecret: string;
  }): Promise<string> {
    const q = new URLSearchParams({ grant_type: 'account_credentials', account_id: c.accountId });
    // No answer at all (no DNS, refused, timed out) is Zoom out of reach, like a 5xx from it:
    // the caller learns to try again, not that the server broke.
    const res = await deps
      .fetch(`${deps.oauthOrigin}/oauth/token?${q.toString()}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(30_000),
      })
      .catch((err: unknown) => {
        throw isUnreachable(err) ? new AppError(502, M.unreachable) : err;
      });
    if (res.status === 400 || res.status === 401) {
      await res.body?.cancel();
      throw badRequest(M.refused);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new AppError(502, M.unreachable);
    }
    return z.object({ access_token: z.string() }).parse(await res.json()).access_token;
  }

  async function status(organizationId: string): Promise<ZoomStatus> {
    const row = await configs.get(organizationId, ZOOM_PROVIDER);
    const { imported, last } = await repo.summary(organizationId);
    return {
      connected: Boolean(row),
      accountId: row?.settings.accountId ?? null,
      clientId: row?.settings.clientId ?? null,
      webhookUrl: webhookUrl(organizationId),
      connectedAt: row?.updatedAt.toISOString() ?? null,
      imported,
      lastImport: last
        ? {
            topic: last.topic,
            state: last.state,
            meetingId: last.meetingId,
            error: last.error,
            at: last.updatedAt.toISOString(),
          }
        : null,
    };
  }

  /** Downloads the recording into the local store and makes it a meeting for the analysis. */
  async function importRecording(recordingId: string): Promise<void> {
    const rec = await repo.byId(recordingId);
    if (!rec || rec.state === 'imported') return;
    const creds = await credentials(rec.organizationId);
    if (!creds) {
      await repo.update(rec.id, { state: 'failed', error: M.notConnected, updatedAt: now() });
      return;
    }
    const hostId = rec.hostEmail
      ? (await deps.membersByEmail(rec.organizationId, [rec.hostEmail.toLowerCase()])).get(
          rec.hostEmail.toLowerCase(),
        )
      : undefined;
    const owner =
      (hostId ? await deps.callerOf(hostId) : null) ??
      (creds.row.settings.connectedBy ? await deps.callerOf(creds.row.settings.connectedBy) : null);
    if (!owner || owner.organizationId !== rec.organizationId) {
      await repo.update(rec.id, {
        state: 'failed',
        error: 'No member of the organisation to own the recording',
        updatedAt: now(),
      });
      return;
    }

    const downloadToken = rec.downloadTokenSealed
      ? z.string().parse(secrets.open(rec.downloadTokenSealed, context(rec.organizationId)))
      : null;
    const get = (bearer: string) =>
      deps.fetch(rec.downloadUrl, {
        headers: { authorization: `Bearer ${bearer}` },
        signal: AbortSignal.timeout(600_000),
      });
    // The webhook's download token lasts a day; after that the app's own token reads the file.
    let res = await get(downloadToken ?? (await accessToken(creds)));
    if ((res.status === 401 || res.status === 403) && downloadToken) {
      await res.body?.cancel();
      res = await get(await accessToken(creds));
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`Zoom answered ${res.status} to the recording download`);
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > UPLOAD.serverMaxBytes) {
      await res.body.cancel();
      await repo.update(rec.id, {
        state: 'failed',
        error: 'The recording is larger than this server accepts',
        updatedAt: now(),
      });
      return;
    }
    const audioOnly = rec.fileType === 'M4A';
    const ext = audioOnly ? '.m4a' : '.mp4';
    const store = await deps.resolveStore(rec.organizationId, 'local');
    const key = `${rec.organizationId}/zoom/${rec.id}${ext}`;
    await store.put(
      key,
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      audioOnly ? 'audio/mp4' : 'video/mp4',
    );
    const info = await store.info(key);
    const day = (rec.startTime ?? rec.createdAt).toISOString().slice(0, 16).replace('T', ' ');
    const meeting = await deps.meetings.createFromFile(owner, {
      provider: 'local',
      key,
      // Unique per organisation (the meeting code): the topic, when, and the recording's id.
      fileName: `${safeName(rec.topic)} ${day} ${rec.id.slice(0, 8)}${ext}`,
      sizeBytes: info?.size ?? 0,
      mimeType: audioOnly ? 'audio/mp4' : 'video/mp4',
      stage: 'basic_meeting',
      title: rec.topic,
    });
    await repo.update(rec.id, {
      state: 'imported',
      meetingId: meeting.id,
      error: null,
      downloadTokenSealed: null,
      updatedAt: now(),
    });
  }

  return {
    status: (caller: Caller) => status(caller.organizationId),

    async configure(caller: Caller, body: ZoomConfigBody): Promise<ZoomStatus> {
      // Checked by asking Zoom for a token: wrong credentials are refused now, not at import.
      await accessToken(body);
      await configs.save(
        caller.organizationId,
        ZOOM_PROVIDER,
        {
          status: 'connected',
          settings: {
            accountId: body.accountId,
            clientId: body.clientId,
            connectedBy: caller.userId,
          },
          secretSealed: secrets.seal(
            { clientSecret: body.clientSecret, secretToken: body.secretToken },
            context(caller.organizationId),
          ),
        },
        now(),
      );
      return status(caller.organizationId);
    },

    async remove(caller: Caller): Promise<{ message: string }> {
      if (!(await configs.remove(caller.organizationId, ZOOM_PROVIDER)))
        throw notFound(M.notConnected);
      return { message: M.disconnected };
    },

    /**
     * One webhook delivery: the signature checked with the organisation's secret token, the
     * URL validation answered, and a completed recording claimed once and queued for import.
     */
    async receive(
      organizationId: string,
      body: Buffer,
      headers: { signature?: string; timestamp?: string },
    ): Promise<Record<string, unknown>> {
      const creds = await credentials(organizationId);
      if (!creds) throw notFound(M.notConnected);
      const ok = verifyZoomSignature({
        secretToken: creds.secretToken,
        signature: headers.signature,
        timestamp: headers.timestamp,
        body,
        now: now(),
      });
      if (!ok) throw unauthorized(M.badSignature);
      let parsed: z.infer<typeof webhookBody>;
      try {
        parsed = webhookBody.parse(JSON.parse(body.toString('utf8')));
      } catch {
        throw badRequest('Unreadable Zoom webhook');
      }
      if (parsed.event === 'endpoint.url_validation') {
        const plain = parsed.payload.plainToken;
        if (!plain) throw badRequest('Unreadable Zoom webhook');
        return urlValidation(creds.secretToken, plain);
      }
      const object = parsed.payload.object;
      if (parsed.event !== 'recording.completed' || !object) return { received: true };
      const file = pickFile(object.recording_files);
      if (!file) return { received: true, imported: false };
      const claimed = await repo.claim({
        organizationId,
        recordingUuid: object.uuid,
        topic: object.topic,
        hostEmail: object.host_email ?? null,
        startTime: object.start_time ? new Date(object.start_time) : null,
        downloadUrl: file.download_url,
        fileType: file.file_type,
        downloadTokenSealed: parsed.download_token
          ? secrets.seal(parsed.download_token, context(organizationId))
          : null,
        state: 'importing',
        createdAt: now(),
        updatedAt: now(),
      });
      // A replayed or repeated delivery: already imported (or importing), nothing more to do.
      if (!claimed) return { received: true, imported: false };
      await queue.send(zoomImportJob, { recordingId: claimed.id });
      return { received: true, imported: true };
    },

    async registerWorker(): Promise<void> {
      await queue.work(zoomImportJob, async ({ recordingId }) => {
        try {
          await importRecording(recordingId);
        } catch (err) {
          const message = withoutServerDetails(err instanceof Error ? err.message : String(err));
          await repo.update(recordingId, { error: message, updatedAt: now() });
          throw err;
        }
      });
      await queue.work(zoomImportJob.deadLetter, async ({ recordingId }, run) => {
        log.warn({ recordingId, reason: run.reason }, 'Zoom recording import gave up');
        await repo.update(recordingId, {
          state: 'failed',
          error: run.reason ?? 'the import kept failing',
          updatedAt: now(),
        });
      });
    },
  };
}
export type ZoomService = ReturnType<typeof createZoomService>;
