/** A fake upload server behind a real API client, for the uploader's tests. */
import { UPLOAD } from '@parley/contracts';
import { createApiClient } from '../../lib/api-client';
import type { UploadDeps } from './upload';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const uploadedMeeting = { id: 'm1', meetingName: 'call' };

export interface ChunkCall {
  index: number;
  size: number;
  blockId: string | null;
  uploadId: string | null;
}

export type ChunkHandler = (
  call: ChunkCall,
  signal: AbortSignal,
) => Response | undefined | Promise<Response>;

/** A fake server: initiate, upload-chunk and complete-upload for any provider. */
export function fakeUploadServer(opts: {
  total: number;
  uploaded?: number[];
  initiate?: () => Response;
  chunk?: ChunkHandler;
  complete?: () => Response;
}) {
  const chunks: ChunkCall[] = [];
  const bodies: unknown[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.endsWith('/initiate-upload')) {
      bodies.push(JSON.parse(String(init.body)));
      return (
        opts.initiate?.() ??
        json(200, {
          uploadId: 'up1',
          chunkSize: UPLOAD.chunkSize,
          totalChunks: opts.total,
          uploadedChunks: opts.uploaded ?? [],
          provider: 'local',
        })
      );
    }
    if (url.pathname.endsWith('/upload-chunk')) {
      const form = init.body as FormData;
      const file = form.get('file') as Blob;
      const call: ChunkCall = {
        index: Number(form.get('index')),
        size: file.size,
        blockId: form.get('blockId') as string | null,
        uploadId: url.searchParams.get('uploadId'),
      };
      chunks.push(call);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 1));
        const signal = init.signal ?? new AbortController().signal;
        if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
        return (
          (await opts.chunk?.(call, signal)) ?? json(200, { index: call.index, received: true })
        );
      } finally {
        inFlight -= 1;
      }
    }
    if (url.pathname.endsWith('/complete-upload')) {
      bodies.push(JSON.parse(String(init.body)));
      return opts.complete?.() ?? json(200, uploadedMeeting);
    }
    return json(404, { message: 'nope' });
  };
  const client = createApiClient({
    fetch,
    getAccessToken: () => 'token',
    getUserId: () => 'u1',
    onRefreshed: () => {},
    onRefreshFailed: () => {},
    notify: () => {},
  });
  const sleeps: number[] = [];
  const timeouts: number[] = [];
  const deps: UploadDeps = {
    client,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    setTimer: (_fn, ms) => {
      timeouts.push(ms);
      return () => {};
    },
  };
  return {
    deps,
    chunks,
    bodies,
    sleeps,
    timeouts,
    maxInFlight: () => maxInFlight,
  };
}
