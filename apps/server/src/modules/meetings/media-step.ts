import { open } from 'node:fs/promises';
import path from 'node:path';
import { MEETING_MESSAGES } from '@parley/contracts';
import { MediaToolError, type MediaTools } from '../../platform/media/ffmpeg.js';
import { withLocalFile, withScratchDir } from '../../platform/media/local-file.js';
import { renditionFor, thumbnailTime } from '../../platform/media/playable.js';
import { StorageUnavailableError } from '../../platform/outage.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MediaFields, MeetingRow, MeetingsRepo } from './repo.js';

export interface MediaStepDeps {
  repo: MeetingsRepo;
  resolveStore: StoreResolver;
  tools: MediaTools;
  now: () => Date;
  /** Told about every meeting the step changed (sends the realtime status event). */
  onChange(row: MeetingRow): void;
  log: { warn(obj: object, msg: string): void };
}

/** Where a meeting's derived objects live; fixed names, so a rerun overwrites, never piles up. */
export const derivedPrefix = (row: Pick<MeetingRow, 'organizationId' | 'id'>) =>
  `${row.organizationId}/meetings/${row.id}`;

/** Transcoding runs at several times real time; the limit only catches a stuck ffmpeg. */
const transcodeTimeoutMs = (durationSec: number | null) =>
  Math.max(10 * 60_000, (durationSec ?? 0) * 4000);

/** How the media step ended: done (or nothing to do), or a file no retry can fix. */
export type MediaOutcome = { ok: true; row: MeetingRow | null } | { ok: false; reason: string };

/**
 * The media step of a meeting: probe (duration, codecs), a JPEG thumbnail a tenth of the way
 * in, and a browser-playable rendition when the source is not playable as it is.
 *
 * Idempotent, since the analysis queue runs it as a retried job: a meeting whose playback
 * key is set is done; otherwise everything is recomputed and written under fixed keys, and
 * the row is updated once at the end. A file ffmpeg cannot read is a permanent failure and
 * comes back as `{ ok: false }` with the message to show; anything else (the store cannot be
 * reached, the object is gone) is thrown, so the queue retries it.
 */
export async function processMeetingMedia(
  deps: MediaStepDeps,
  meetingId: string,
): Promise<MediaOutcome> {
  const row = await deps.repo.byId(meetingId);
  // A live call has a file once its recording arrived (meetings.importRecording).
  if (!row?.sourceKey || row.playbackKey) return { ok: true, row };
  const sourceKey = row.sourceKey;
  const store = await deps.resolveStore(row.organizationId, row.storageProvider);
  const base = derivedPrefix(row);
  const written: string[] = [];

  const putFile = async (key: string, file: string, contentType: string) => {
    // Opened first: a file ffmpeg did not write is an error of this promise, not an 'error'
    // event that fires while the store is still getting ready and ends the process (issue 21).
    const body = (await open(file, 'r')).createReadStream();
    body.on('error', () => {}); // the store's pipeline sees it too; this only keeps it handled
    try {
      await store.put(key, body, contentType);
    } finally {
      body.destroy(); // closes the file when the store gave up before reading it
    }
    written.push(key);
  };

  let fields: MediaFields;
  try {
    fields = await withLocalFile(store, sourceKey, (source) =>
      withScratchDir(async (dir) => {
        const probe = await deps.tools.probe(source);
        const out: MediaFields = { durationSec: probe.durationSec };
        if (probe.video) {
          const thumb = path.join(dir, 'thumbnail.jpg');
          await deps.tools.thumbnail(source, thumbnailTime(probe.durationSec), thumb);
          out.thumbnailKey = `${base}/thumbnail.jpg`;
          await putFile(out.thumbnailKey, thumb, 'image/jpeg');
        }
        const rendition = renditionFor(probe);
        if (rendition) {
          const file = path.join(dir, rendition.name);
          const limit = transcodeTimeoutMs(probe.durationSec);
          await deps.tools.transcode(source, rendition.kind, file, limit);
          out.playbackKey = `${base}/${rendition.name}`;
          await putFile(out.playbackKey, file, rendition.contentType);
        } else {
          out.playbackKey = sourceKey;
        }
        return out;
      }),
    );
  } catch (err) {
    if (err instanceof MediaToolError) {
      deps.log.warn({ meetingId, detail: err.detail ?? err.message }, 'media unreadable');
      return { ok: false, reason: MEETING_MESSAGES.mediaFailed(err.message) };
    }
    deps.log.warn({ err, meetingId }, 'media step failed; the queue retries it');
    // A store outage already says what failed, in words the step's error can show.
    if (err instanceof StorageUnavailableError) throw err;
    throw new Error('the file could not be read from storage', { cause: err });
  }

  const updated = await deps.repo.updateMedia(row.id, fields, deps.now());
  if (!updated) {
    // Deleted while we worked: what we wrote would be orphaned.
    await Promise.allSettled(written.map((key) => store.delete(key)));
    return { ok: true, row: null };
  }
  deps.onChange(updated);
  return { ok: true, row: updated };
}
