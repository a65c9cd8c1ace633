import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zoomSignature } from '../modules/zoom/index.js';

export const ZOOM_APP = {
  accountId: 'acct-Qx7',
  clientId: 'zoom-client',
  clientSecret: 'zoom-client-secret',
  secretToken: 'zoom-webhook-secret-token',
};

export interface ZoomDownload {
  path: string;
  bearer: string | null;
  status: number;
}

export interface ZoomStandIn {
  origin: string;
  /** Token requests and recording downloads, in order. */
  tokenRequests: { accountId: string | null; ok: boolean }[];
  downloads: ZoomDownload[];
  /** A recording Zoom holds, with the download token its webhook carries. */
  addRecording(file: string): { downloadUrl: string; downloadToken: string };
  close(): Promise<void>;
}

/**
 * A local Zoom: Server-to-Server OAuth (`POST /oauth/token?grant_type=account_credentials`
 * with Basic client credentials) and cloud recording downloads that need the webhook's
 * download token or an access token as bearer.
 */
export async function startZoomStandIn(): Promise<ZoomStandIn> {
  const tokenRequests: ZoomStandIn['tokenRequests'] = [];
  const downloads: ZoomDownload[] = [];
  const accessTokens = new Set<string>();
  const files = new Map<string, { body: Buffer; downloadToken: string }>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
        const accountId = url.searchParams.get('account_id');
        const ok =
          url.searchParams.get('grant_type') === 'account_credentials' &&
          accountId === ZOOM_APP.accountId &&
          id === ZOOM_APP.clientId &&
          secret === ZOOM_APP.clientSecret;
        tokenRequests.push({ accountId, ok });
        if (!ok)
          return send(400, {
            reason: 'Invalid client_id or client_secret',
            error: 'invalid_client',
          });
        const token = `zat-${randomBytes(8).toString('hex')}`;
        accessTokens.add(token);
        return send(200, {
          access_token: token,
          token_type: 'bearer',
          expires_in: 3599,
          scope: 'cloud_recording:read:admin',
          api_url: 'https://api.zoom.us',
        });
      }
      const rec = /^\/rec\/download\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && rec) {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
        const file = files.get(rec[1] ?? '');
        const allowed =
          file && bearer && (bearer === file.downloadToken || accessTokens.has(bearer));
        const status = !file ? 404 : allowed ? 200 : 401;
        downloads.push({ path: url.pathname, bearer, status });
        if (status !== 200 || !file)
          return send(status, { code: 124, message: 'Invalid access token.' });
        res.writeHead(200, {
          'content-type': 'video/mp4',
          'content-length': String(file.body.length),
        });
        return res.end(file.body);
      }
      send(404, { code: 404, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    tokenRequests,
    downloads,
    addRecording(path) {
      const id = randomBytes(6).toString('hex');
      const downloadToken = `zdt-${randomBytes(12).toString('hex')}`;
      files.set(id, { body: readFileSync(path), downloadToken });
      return { downloadUrl: `${origin}/rec/download/${id}`, downloadToken };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A webhook delivery as Zoom signs it: the raw body and its x-zm-* headers. */
export function zoomDelivery(
  payload: unknown,
  opts: { secretToken?: string; timestamp?: number } = {},
) {
  const body = JSON.stringify(payload);
  const timestamp = String(opts.timestamp ?? Date.now());
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-zm-request-timestamp': timestamp,
      'x-zm-signature': zoomSignature(opts.secretToken ?? ZOOM_APP.secretToken, timestamp, body),
    },
  };
}

/** Zoom's `recording.completed` event for one meeting with an MP4 and an M4A file. */
export function recordingCompleted(input: {
  uuid: string;
  topic: string;
  hostEmail: string;
  downloadUrl: string;
  downloadToken: string;
}) {
  const start = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    event: 'recording.completed',
    event_ts: Date.now(),
    download_token: input.downloadToken,
    payload: {
      account_id: ZOOM_APP.accountId,
      object: {
        uuid: input.uuid,
        id: 85512345678,
        host_id: 'z8yCx0AbT',
        host_email: input.hostEmail,
        topic: input.topic,
        type: 2,
        start_time: start,
        timezone: 'UTC',
        duration: 1,
        total_size: 1,
        recording_count: 2,
        recording_files: [
          {
            id: 'a1',
            meeting_id: input.uuid,
            recording_start: start,
            recording_end: start,
            file_type: 'M4A',
            file_extension: 'M4A',
            file_size: 1,
            download_url: `${input.downloadUrl}-audio`,
            status: 'completed',
            recording_type: 'audio_only',
          },
          {
            id: 'v1',
            meeting_id: input.uuid,
            recording_start: start,
            recording_end: start,
            file_type: 'MP4',
            file_extension: 'MP4',
            file_size: 1,
            download_url: input.downloadUrl,
            status: 'completed',
            recording_type: 'shared_screen_with_speaker_view',
          },
        ],
      },
    },
  };
}
