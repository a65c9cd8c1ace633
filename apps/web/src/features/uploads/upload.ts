/**
 * Chunked, resumable upload of a meeting recording (spec 2 §4, §7 Uploads, §8, §9):
 * initiate → chunks (5 MiB, 4 in parallel, 5 retries with back-off, per-chunk time-out,
 * already stored chunks skipped) → complete, which answers the created meeting.
 */
import {
  UPLOAD,
  UPLOAD_MESSAGES,
  azureBlockId,
  uploadRouteSets,
  type Meeting,
  type StorageProvider,
  type MeetingStage,
} from '@parley/contracts';
import { ApiRequestError, type ApiClient } from '../../lib/api-client';
import {
  UploadCancelledError,
  UploadError,
  backoffMs,
  chunkTimeoutMs,
  isRetryable,
  progressPercent,
  uploadErrorMessage,
  type UploadFileLike,
} from './upload-rules';

export * from './upload-rules';

export interface UploadRequest {
  file: UploadFileLike;
  provider: StorageProvider;
  stage: MeetingStage;
  title?: string;
  signal?: AbortSignal;
  /** 0–100; back to 0 on any failure. */
  onProgress?(percent: number): void;
}

export interface UploadDeps {
  client: Pick<ApiClient, 'api' | 'postForm'>;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** Starts a timer and returns its cancel function. */
  setTimer?(fn: () => void, ms: number): () => void;
}

const defaultSetTimer = (fn: () => void, ms: number) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

function abortError(): DOMException {
  return new DOMException('Aborted', 'AbortError');
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const id = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(id);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Upload one file; resolves with the created meeting. Throws UploadError or UploadCancelledError. */
export async function uploadFile(req: UploadRequest, deps: UploadDeps): Promise<Meeting> {
  const { file, provider, signal } = req;
  const { client } = deps;
  const sleep = deps.sleep ?? defaultSleep;
  const setTimer = deps.setTimer ?? defaultSetTimer;
  const routes = uploadRouteSets[provider];
  const report = (p: number) => req.onProgress?.(p);
  const cancelled = () => signal?.aborted === true;

  try {
    report(0);
    if (cancelled()) throw new UploadCancelledError();
    const started = await client
      .api(routes.initiate, {
        body: {
          fileName: file.name,
          fileSize: file.size,
          mimeType: file.type || undefined,
          stage: req.stage,
          title: req.title?.trim() || undefined,
        },
        signal,
        toast: false,
      })
      .catch((e: unknown) => {
        if (cancelled()) throw new UploadCancelledError();
        throw new UploadError(uploadErrorMessage(e, UPLOAD_MESSAGES.initiateFailed));
      });

    const chunkSize = started.chunkSize > 0 ? started.chunkSize : UPLOAD.chunkSize;
    const total = started.totalChunks > 0 ? started.totalChunks : Math.ceil(file.size / chunkSize);
    const stored = new Set(started.uploadedChunks.filter((i) => i >= 0 && i < total));
    const pending = Array.from({ length: total }, (_, i) => i).filter((i) => !stored.has(i));
    let completed = total - pending.length;
    report(progressPercent(completed, total));

    // Aborted by the user, or because another chunk failed for good.
    const stop = new AbortController();
    const onUserAbort = () => stop.abort();
    signal?.addEventListener('abort', onUserAbort, { once: true });

    const sendChunk = async (index: number, attempt: number) => {
      const attemptCtl = new AbortController();
      let timedOut = false;
      const cancelTimer = setTimer(() => {
        timedOut = true;
        attemptCtl.abort();
      }, chunkTimeoutMs(attempt));
      const onStop = () => attemptCtl.abort();
      stop.signal.addEventListener('abort', onStop, { once: true });
      try {
        const form = new FormData();
        form.append('index', String(index));
        if (provider === 'azure') form.append('blockId', azureBlockId(index));
        form.append('file', file.slice(index * chunkSize, (index + 1) * chunkSize), file.name);
        const res = (await client.postForm(routes.chunkPath, form, {
          query: { uploadId: started.uploadId },
          signal: attemptCtl.signal,
          toast: false,
        })) as { received?: boolean } | undefined;
        if (res && res.received === false) throw new ApiRequestError(500, null);
      } catch (e) {
        if (timedOut) throw new ApiRequestError(408, null);
        throw e;
      } finally {
        cancelTimer();
        stop.signal.removeEventListener('abort', onStop);
      }
    };

    const sendWithRetries = async (index: number) => {
      for (let attempt = 0; attempt <= UPLOAD.maxRetries; attempt++) {
        if (attempt > 0) await sleep(backoffMs(attempt), stop.signal);
        try {
          await sendChunk(index, attempt);
          return;
        } catch (e) {
          if (stop.signal.aborted) throw e;
          if (!isRetryable(e)) {
            const server = e instanceof ApiRequestError ? e.serverMessage : null;
            throw new UploadError(server ?? UPLOAD_MESSAGES.chunkUploadFailed);
          }
        }
      }
      throw new UploadError(UPLOAD_MESSAGES.chunkFailed(index + 1));
    };

    let next = 0;
    let failure: unknown = null;
    const worker = async () => {
      while (failure === null && next < pending.length && !stop.signal.aborted) {
        const index = pending[next++];
        if (index === undefined) break;
        try {
          await sendWithRetries(index);
          completed += 1;
          report(progressPercent(completed, total));
        } catch (e) {
          if (failure === null) failure = e;
          stop.abort();
        }
      }
    };
    try {
      const workers = Math.min(UPLOAD.parallelChunks, pending.length);
      await Promise.all(Array.from({ length: workers }, worker));
    } finally {
      signal?.removeEventListener('abort', onUserAbort);
    }
    if (cancelled()) throw new UploadCancelledError();
    if (failure !== null) {
      throw failure instanceof UploadError
        ? failure
        : new UploadError(UPLOAD_MESSAGES.chunkUploadFailed);
    }
    if (completed < total) throw new UploadError(UPLOAD_MESSAGES.incomplete);

    try {
      return await client.api(routes.complete, {
        body: {
          uploadId: started.uploadId,
          fileName: file.name,
          ...(provider === 'azure'
            ? { blockIds: Array.from({ length: total }, (_, i) => azureBlockId(i)) }
            : {}),
        },
        signal,
        toast: false,
      });
    } catch (e) {
      if (cancelled()) throw new UploadCancelledError();
      throw new UploadError(uploadErrorMessage(e, UPLOAD_MESSAGES.completeFailed));
    }
  } catch (e) {
    report(0);
    if (e instanceof UploadError || e instanceof UploadCancelledError) throw e;
    if (cancelled()) throw new UploadCancelledError();
    throw new UploadError(UPLOAD_MESSAGES.chunkUploadFailed);
  }
}
