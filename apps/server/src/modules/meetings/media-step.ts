import { createReadStream } from 'node:fs';
import path from 'node:path';
import { MEETING_MESSAGES } from '@parley/contracts';
import { MediaToolError, type MediaTools } from '../../platform/media/ffmpeg.js';
import { withLocalFile, withScratchDir } from '../../platform/media/local-file.js';
import { renditionFor, thumbnailTime } from '../../platform/media/playable.js';
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

/**
 * The media step of a new meeting: probe (duration, codecs), a JPEG thumbnail a tenth of
 * the way in, and a browser-playable rendition when the source is not playable as it is.
 *
 * Idempotent, so the analysis queue can run it as a retried job: a meeting whose playback
 * key is set is done; otherwise everything is recomputed and written under fixed keys, and
 * the row is updated once at the end. The status stays 'uploaded' on success; on failure it
 * becomes 'failed' with the reason.
 */
export async function processMeetingMedia(deps: MediaStepDeps, meetingId: string): Promise<void> {
  const row = await deps.repo.byId(meetingId);
  if (!row?.sourceKey || row.type === 'live' || row.playbackKey) return;
  const sourceKey = row.sourceKey;
  const store = await deps.resolveStore(row.organizationId, row.storageProvider);
  const base = derivedPrefix(row);
  const written: string[] = [];

  const putFile = async (key: string, file: string, contentType: string) => {
    await store.put(key, createReadStream(file), contentType);
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
    const reason = err instanceof MediaToolError ? err.message : 'the file could not be read';
    if (!(err instanceof MediaToolError)) deps.log.warn({ err, meetingId }, 'media step failed');
    const failed = await deps.repo.setStatus(
      row.id,
      'failed',
      MEETING_MESSAGES.mediaFailed(reason),
      deps.now(),
    );
    if (failed) deps.onChange(failed);
    return;
  }

  const updated = await deps.repo.updateMedia(row.id, fields, deps.now());
  if (!updated) {
    // Deleted while we worked: what we wrote would be orphaned.
    await Promise.allSettled(written.map((key) => store.delete(key)));
    return;
  }
  deps.onChange(updated);
}

/**
 * Runs the media step in the background, once per meeting at a time, until the analysis
 * queue takes it over. `idle()` lets shutdown wait for work in flight.
 */
export function createMediaProcessor(deps: MediaStepDeps) {
  const running = new Map<string, Promise<void>>();

  function run(meetingId: string): Promise<void> {
    const current = running.get(meetingId);
    if (current) return current;
    const job = processMeetingMedia(deps, meetingId)
      .catch((err: unknown) => deps.log.warn({ err, meetingId }, 'media step crashed'))
      .finally(() => running.delete(meetingId));
    running.set(meetingId, job);
    return job;
  }

  return {
    run,
    start(meetingId: string): void {
      void run(meetingId);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
export type MediaProcessor = ReturnType<typeof createMediaProcessor>;
