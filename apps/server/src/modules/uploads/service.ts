import { randomUUID } from 'node:crypto';
import {
  MEETING_MESSAGES as M,
  UPLOAD,
  UPLOAD_MESSAGES,
  azureBlockId,
  type Meeting,
  type StorageProvider,
} from '@parley/contracts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingsService } from '../meetings/index.js';
import type { UploadRow, UploadsRepo } from './repo.js';
import type { Caller } from '../../platform/http/caller.js';

export interface UploadsDeps {
  repo: UploadsRepo;
  meetings: MeetingsService;
  resolveStore: StoreResolver;
  now: () => Date;
}

export interface InitiateInput {
  fileName: string;
  fileSize: number;
  mimeType?: string;
  stage: UploadRow['stage'];
  title?: string;
}

/** A file name made safe as the last segment of an object key; the meeting keeps the real one. */
export function keySafeName(fileName: string): string {
  const cleaned = fileName
    .replace(/[^\w.\- ()]/g, '_')
    .replace(/^\.+/, '')
    .slice(-200);
  return cleaned || 'file';
}

const partIndices = (row: UploadRow) =>
  Object.keys(row.parts)
    .map(Number)
    .sort((a, b) => a - b);

/** Bytes chunk `index` must have: the chunk size, except the last one, which has the rest. */
export function expectedChunkBytes(
  row: Pick<UploadRow, 'fileSize' | 'chunkSize' | 'totalChunks'>,
  index: number,
) {
  return index < row.totalChunks - 1
    ? row.chunkSize
    : row.fileSize - row.chunkSize * (row.totalChunks - 1);
}

/**
 * The chunked upload of spec 2 §7 and §9 on every store: initiate (or resume), chunks in any
 * order and any number of times, complete, which assembles the object with the store's own
 * mechanism and creates the meeting. The uploads row tracks which chunks arrived.
 */
export function createUploadsService(deps: UploadsDeps) {
  const { repo, meetings, now } = deps;

  /** An upload is reached only through the store's own routes it was started on. */
  async function ownOpen(
    auth: Caller,
    provider: StorageProvider,
    uploadId: string,
  ): Promise<UploadRow> {
    const row = await repo.ownById(auth.userId, uploadId);
    if (!row || row.organizationId !== auth.organizationId || row.provider !== provider) {
      throw notFound(M.uploadNotFound);
    }
    if (row.completedAt) throw badRequest(M.uploadBusy);
    return row;
  }

  const started = (row: UploadRow) => ({
    uploadId: row.id,
    chunkSize: row.chunkSize,
    totalChunks: row.totalChunks,
    uploadedChunks: partIndices(row),
    provider: row.provider,
  });

  return {
    async initiate(auth: Caller, provider: StorageProvider, input: InitiateInput) {
      meetings.checkMediaFileName(input.fileName);
      if (input.fileSize > UPLOAD.serverMaxBytes) {
        throw new AppError(413, UPLOAD_MESSAGES.fileTooLargeServer);
      }
      await meetings.assertNewCode(auth.organizationId, input.fileName);
      const store = await deps.resolveStore(auth.organizationId, provider);

      // The same user sending the same file again resumes where it stopped.
      const open = await repo.openByFileName(auth.userId, store.provider, input.fileName);
      if (open && open.fileSize === input.fileSize) {
        await repo.touch(open.id, { stage: input.stage, title: input.title ?? null }, now());
        return started(open);
      }
      if (open) {
        // Same name, different file: the old chunks are useless.
        await store.abortChunked(open.objectKey, open.providerUploadId);
        await repo.remove(open.id);
      }

      const id = randomUUID();
      const objectKey = `${auth.organizationId}/uploads/${id}/${keySafeName(input.fileName)}`;
      const handle = await store.beginChunked(objectKey, input.mimeType);
      const row = await repo.insert({
        id,
        organizationId: auth.organizationId,
        userId: auth.userId,
        provider: store.provider,
        fileName: input.fileName,
        fileSize: input.fileSize,
        mimeType: input.mimeType ?? null,
        stage: input.stage,
        title: input.title ?? null,
        objectKey,
        chunkSize: UPLOAD.chunkSize,
        totalChunks: Math.ceil(input.fileSize / UPLOAD.chunkSize),
        providerUploadId: handle,
        createdAt: now(),
        updatedAt: now(),
      });
      return started(row);
    },

    async putChunk(
      auth: Caller,
      provider: StorageProvider,
      uploadId: string,
      chunk: { index: number; blockId?: string; body: Buffer },
    ): Promise<{ index: number; received: boolean }> {
      const row = await ownOpen(auth, provider, uploadId);
      const { index, body } = chunk;
      if (!Number.isInteger(index) || index < 0 || index >= row.totalChunks) {
        throw badRequest(M.chunkIndex(index, row.totalChunks));
      }
      if (body.length > row.chunkSize) throw badRequest(M.chunkTooLarge);
      const expected = expectedChunkBytes(row, index);
      if (body.length !== expected) throw badRequest(M.chunkSize(index, expected, body.length));
      if (chunk.blockId !== undefined && chunk.blockId !== azureBlockId(index)) {
        throw badRequest(M.blockIdMismatch(index));
      }
      const store = await deps.resolveStore(row.organizationId, row.provider);
      const value = await store.putChunk(row.objectKey, row.providerUploadId, index, body);
      if (!(await repo.recordPart(row.id, index, value, now()))) throw badRequest(M.uploadBusy);
      return { index, received: true };
    },

    async complete(
      auth: Caller,
      provider: StorageProvider,
      input: { uploadId: string; fileName: string; blockIds?: string[] },
    ): Promise<Meeting> {
      const row = await repo.ownById(auth.userId, input.uploadId);
      if (!row || row.organizationId !== auth.organizationId || row.provider !== provider) {
        throw notFound(M.uploadNotFound);
      }
      if (row.completedAt) {
        // A retried complete (the answer was lost) gets the meeting it created.
        const meeting = await meetings.byCodeFor(auth, row.fileName);
        if (meeting) return meeting;
        throw conflict(M.uploadBusy);
      }
      if (input.fileName !== row.fileName) throw badRequest(M.fileNameMismatch);
      const indices = partIndices(row);
      if (indices.length !== row.totalChunks) throw badRequest(UPLOAD_MESSAGES.incomplete);
      const parts = indices.map((i) => row.parts[String(i)] ?? '');
      if (input.blockIds && input.blockIds.join() !== indices.map(azureBlockId).join()) {
        throw badRequest(M.blockListMismatch);
      }

      const store = await deps.resolveStore(row.organizationId, row.provider);
      try {
        await meetings.assertNewCode(auth.organizationId, row.fileName);
      } catch (err) {
        // Renaming means a new upload; these chunks can go.
        await store.abortChunked(row.objectKey, row.providerUploadId);
        await repo.remove(row.id);
        throw err;
      }
      if (!(await repo.claim(row.id, now()))) throw conflict(M.uploadBusy);
      try {
        await store.completeChunked(row.objectKey, row.providerUploadId, parts);
      } catch (err) {
        await repo.unclaim(row.id, now());
        throw err;
      }
      try {
        return await meetings.createFromFile(auth, {
          provider: row.provider,
          key: row.objectKey,
          fileName: row.fileName,
          sizeBytes: row.fileSize,
          mimeType: row.mimeType,
          stage: row.stage,
          title: row.title,
        });
      } catch (err) {
        // Lost the race for the name to another upload: the assembled object is ours to drop.
        // Any other failure keeps object and row, so nothing the user sent is lost.
        if (err instanceof AppError && err.statusCode === 409) {
          await store.delete(row.objectKey);
          await repo.remove(row.id);
        }
        throw err;
      }
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
