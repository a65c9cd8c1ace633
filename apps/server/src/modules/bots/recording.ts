import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaTools } from '../../platform/media/ffmpeg.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingsService } from '../meetings/index.js';
import type { MeetingBotRow } from './repo.js';
import type { BotServiceAdapter } from './service-adapter.js';

export interface RecordingImportDeps {
  meetings: MeetingsService;
  resolveStore: StoreResolver;
  mediaTools: Pick<MediaTools, 'cut'>;
}

const CUT_TIMEOUT_MS = 10 * 60_000;

/** The file name's extension for what the service sent (mp4 unless it says audio). */
function extensionOf(contentType: string | null): { ext: string; mime: string } {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'audio/mpeg') return { ext: '.mp3', mime: type };
  if (type === 'audio/wav' || type === 'audio/x-wav') return { ext: '.wav', mime: 'audio/wav' };
  if (type.startsWith('audio/')) return { ext: '.m4a', mime: 'audio/mp4' };
  return { ext: '.mp4', mime: 'video/mp4' };
}

/**
 * Seconds of the recording that may be kept: all of it, unless a participant withdrew consent
 * (then up to that moment, counted from when the bot began recording).
 */
export function keptSeconds(bot: MeetingBotRow): number | null {
  if (!bot.recordingStoppedAt) return null;
  if (!bot.recordingStartedAt) return 0;
  return Math.max(0, (bot.recordingStoppedAt.getTime() - bot.recordingStartedAt.getTime()) / 1000);
}

/**
 * Makes a recording file the meeting's media: cut where consent was withdrawn, stored under the
 * organisation's uploads (removed with the meeting), then analysed like an upload. Answers
 * false when consent was withdrawn before anything was recorded: nothing is kept.
 */
export async function importFile(
  deps: RecordingImportDeps,
  bot: MeetingBotRow,
  file: string,
  contentType: string | null,
): Promise<boolean> {
  const keep = keptSeconds(bot);
  if (keep === 0) return false;
  const { ext, mime } = extensionOf(
    contentType ?? (path.extname(file) === '.mp4' ? 'video/mp4' : null),
  );
  const work = await mkdtemp(path.join(os.tmpdir(), 'parley-bot-cut-'));
  try {
    let kept = file;
    if (keep !== null) {
      kept = path.join(work, `kept${ext}`);
      await deps.mediaTools.cut(file, keep, kept, CUT_TIMEOUT_MS);
    }
    const store = await deps.resolveStore(bot.organizationId);
    const key = `${bot.organizationId}/uploads/bots/${bot.id}${ext}`;
    await store.put(key, createReadStream(kept), mime);
    const { size } = await stat(kept);
    await deps.meetings.importRecording(bot.meetingId, {
      provider: store.provider,
      key,
      sizeBytes: size,
      mimeType: mime,
    });
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The outside service's recording of the call, downloaded, then imported as importFile. */
export async function importRecording(
  deps: RecordingImportDeps,
  service: BotServiceAdapter,
  bot: MeetingBotRow & { externalId: string },
): Promise<boolean> {
  if (keptSeconds(bot) === 0) return false;
  const work = await mkdtemp(path.join(os.tmpdir(), 'parley-bot-recording-'));
  try {
    const { body, contentType } = await service.downloadRecording(bot.externalId);
    const downloaded = path.join(work, `download${extensionOf(contentType).ext}`);
    await pipeline(body, createWriteStream(downloaded));
    return await importFile(deps, bot, downloaded, contentType);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
