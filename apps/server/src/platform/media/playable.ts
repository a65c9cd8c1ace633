import type { MediaProbe } from './ffmpeg.js';

export interface Rendition {
  kind: 'video' | 'audio';
  /** File name of the rendition next to the meeting's other objects. */
  name: 'playback.mp4' | 'playback.m4a';
  contentType: 'video/mp4' | 'audio/mp4';
}

const VIDEO: Rendition = { kind: 'video', name: 'playback.mp4', contentType: 'video/mp4' };
const AUDIO: Rendition = { kind: 'audio', name: 'playback.m4a', contentType: 'audio/mp4' };

/** ffprobe names the whole ISO family (mp4, m4v, m4a, mov) with one format name. */
const isIsoFamily = (p: MediaProbe) => p.formatName.split(',').includes('mp4');
const isMp3 = (p: MediaProbe) => p.formatName.split(',').includes('mp3');

/**
 * Whether a browser can play the file as it is, or which rendition to make (null: none).
 *
 * Every current browser plays H.264 (8-bit 4:2:0) with AAC or MP3 audio in an MP4/MOV
 * container, MP3 files and AAC in MP4 (.m4a). Anything else — Matroska, HEVC or ProRes in
 * a .mov, 10-bit or 4:4:4 H.264, PCM .wav, Opus in Matroska — gets an H.264/AAC MP4 (video)
 * or an AAC .m4a (audio only). WAV plays in most browsers but cannot be seeked cheaply and is
 * ten times larger than AAC, so it is converted as well.
 */
export function renditionFor(probe: MediaProbe): Rendition | null {
  const audioOk = (codec: string | undefined) =>
    codec === undefined || codec === 'aac' || codec === 'mp3';
  if (probe.video) {
    const v = probe.video;
    const playable =
      isIsoFamily(probe) &&
      v.codec === 'h264' &&
      (v.pixFmt === null || v.pixFmt === 'yuv420p' || v.pixFmt === 'yuvj420p') &&
      audioOk(probe.audio?.codec);
    return playable ? null : VIDEO;
  }
  const codec = probe.audio?.codec;
  const playable = (isMp3(probe) && codec === 'mp3') || (isIsoFamily(probe) && codec === 'aac');
  return playable ? null : AUDIO;
}

/** Where the thumbnail frame is taken: a tenth of the way in, past most fade-ins. */
export function thumbnailTime(durationSec: number | null): number {
  return durationSec && durationSec > 0 ? Math.min(durationSec * 0.1, durationSec - 0.05) : 0;
}
