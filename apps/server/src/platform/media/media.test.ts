import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA } from '@parley/contracts';
import { derived, ffmpeg, fixture, headerLiesMp4 } from '../../test/media.js';
import { createMediaTools, MediaToolError, type MediaProbe } from './ffmpeg.js';
import { createMediaLinks } from './links.js';
import { renditionFor, thumbnailTime } from './playable.js';
import { parseRange } from '../http/range.js';

const tools = createMediaTools();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'parley-media-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Top-level ISO boxes in order, to see where the index (moov) sits. */
function topBoxes(file: string): string[] {
  const b = readFileSync(file);
  const names: string[] = [];
  for (let at = 0; at + 8 <= b.length;) {
    let size = b.readUInt32BE(at);
    if (size === 1) size = Number(b.readBigUInt64BE(at + 8));
    names.push(b.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return names;
}

const talking = fixture('talking-face.mp4');
const mkv = () => derived('talking-face.mkv', (out) => ffmpeg(['-i', talking, '-c', 'copy', out]));
const wav = () => derived('talking-face.wav', (out) => ffmpeg(['-i', talking, '-vn', out]));
const mp3 = () =>
  derived('talking-face.mp3', (out) => ffmpeg(['-i', talking, '-vn', '-c:a', 'libmp3lame', out]));
const m4a = () =>
  derived('talking-face.m4a', (out) => ffmpeg(['-i', talking, '-vn', '-c:a', 'copy', out]));

describe('ffprobe', () => {
  it('reads duration and codecs of the real fixtures', async () => {
    const p = await tools.probe(talking);
    expect(p.durationSec).toBeCloseTo(33.6, 1);
    expect(p.video).toEqual({ codec: 'h264', width: 480, height: 480, pixFmt: 'yuv420p' });
    expect(p.audio?.codec).toBe('aac');
    expect(p.formatName).toContain('mp4');
    const wide = await tools.probe(fixture('small-face-wide-shot.mp4'));
    expect(wide.video?.codec).toBe('h264');
    expect(wide.durationSec).toBeGreaterThan(1);
  });

  it('fails with a readable reason on a file that is not media', async () => {
    const junk = path.join(scratch, 'junk.mp4');
    writeFileSync(junk, Buffer.from('this is not a video at all'.repeat(100)));
    await expect(tools.probe(junk)).rejects.toBeInstanceOf(MediaToolError);
    await expect(tools.probe(junk)).rejects.toThrow(/Invalid data/);
    // ffprobe starts its line with the file's path; users never see server paths.
    await expect(tools.probe(junk)).rejects.toThrow(/^Invalid data found when processing input$/);
  });

  it('measures by decoding when the header and the streams disagree, and refuses a header that lies', async () => {
    const crafted = headerLiesMp4();
    expect(readFileSync(crafted).length).toBeLessThan(200_000);
    const decoded = await tools.measure(crafted, 'audio');
    expect(decoded).toBeCloseTo(3, 0);
    const err = await tools.probe(crafted).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaToolError);
    expect((err as MediaToolError).message).toBe(
      'its header says it lasts 596:31:23 but only 0:00:03 could be decoded',
    );
    expect((err as MediaToolError).detail).toMatch(/format duration 2147483\.647 s/);
  });

  it('says so when ffmpeg is not installed', async () => {
    const missing = createMediaTools({ ffprobePath: '/nonexistent/ffprobe' });
    await expect(missing.probe(talking)).rejects.toThrow(/^ffprobe is not installed/);
  });
});

describe('thumbnail', () => {
  it('takes a JPEG frame a tenth of the way in, at most 640 px wide', async () => {
    expect(thumbnailTime(33.6)).toBeCloseTo(3.36, 2);
    expect(thumbnailTime(null)).toBe(0);
    const out = path.join(scratch, 'thumb.jpg');
    await tools.thumbnail(talking, thumbnailTime(33.6), out);
    const jpeg = readFileSync(out);
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const p = await tools.probe(out);
    expect(p.video).toMatchObject({ codec: 'mjpeg', width: 480, height: 480 });
  });

  it('fails when ffmpeg writes no frame (a time past the end), rather than leave no file', async () => {
    const out = path.join(scratch, 'past-the-end.jpg');
    // ffmpeg exits 0 here without writing anything: the crash of issue 21 read the missing file.
    await expect(tools.thumbnail(talking, 214_748.3, out)).rejects.toThrow(
      new MediaToolError('no picture could be taken from the video'),
    );
  });
});

describe('browser-playable rendition', () => {
  it('is needed only when the container or codec does not play in a browser', async () => {
    expect(renditionFor(await tools.probe(talking))).toBeNull();
    expect(renditionFor(await tools.probe(mp3()))).toBeNull();
    expect(renditionFor(await tools.probe(m4a()))).toBeNull();
    expect(renditionFor(await tools.probe(mkv()))).toMatchObject({
      kind: 'video',
      name: 'playback.mp4',
    });
    expect(renditionFor(await tools.probe(wav()))).toMatchObject({
      kind: 'audio',
      name: 'playback.m4a',
    });
    const base: MediaProbe = {
      durationSec: 10,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      majorBrand: 'qt  ',
      video: { codec: 'h264', width: 640, height: 480, pixFmt: 'yuv420p' },
      audio: { codec: 'aac', channels: 2 },
    };
    expect(renditionFor(base)).toBeNull(); // H.264 in a .mov plays
    expect(renditionFor({ ...base, video: { ...base.video!, codec: 'hevc' } })?.kind).toBe('video');
    expect(renditionFor({ ...base, video: { ...base.video!, codec: 'prores' } })?.kind).toBe(
      'video',
    );
    expect(renditionFor({ ...base, video: { ...base.video!, pixFmt: 'yuv444p' } })?.kind).toBe(
      'video',
    );
    expect(renditionFor({ ...base, audio: { codec: 'pcm_s16le', channels: 2 } })?.kind).toBe(
      'video',
    );
  });

  it('turns Matroska into a faststart H.264/AAC MP4 of the same length', async () => {
    const out = path.join(scratch, 'playback.mp4');
    await tools.transcode(mkv(), 'video', out, 600_000);
    const p = await tools.probe(out);
    expect(p.video?.codec).toBe('h264');
    expect(p.video?.pixFmt).toBe('yuv420p');
    expect(p.audio?.codec).toBe('aac');
    expect(p.durationSec).toBeCloseTo(33.6, 0);
    const boxes = topBoxes(out);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(renditionFor(p)).toBeNull();
  });

  it('keeps only the audio of an audio file, as AAC in MP4', async () => {
    const out = path.join(scratch, 'playback.m4a');
    await tools.transcode(wav(), 'audio', out, 600_000);
    const p = await tools.probe(out);
    expect(p.video).toBeNull();
    expect(p.audio?.codec).toBe('aac');
    expect(p.durationSec).toBeCloseTo(33.6, 0);
    expect(renditionFor(p)).toBeNull();
  });
});

describe('signed media links', () => {
  const id = '11111111-2222-4333-8444-555555555555';
  const user = { userId: '99999999-2222-4333-8444-555555555555' };

  it('verify for their meeting, kind and grant for minutes, not hours', () => {
    let now = new Date('2030-01-01T10:20:00Z');
    const links = createMediaLinks('a-secret-a-secret-a-secret-a-secret!', () => now);
    const url = links.url(id, 'video', user);
    const q = new URL(url, 'http://x').searchParams;
    const [token, exp, sub] = [q.get('token') ?? '', q.get('exp') ?? '', q.get('sub') ?? ''];
    expect(url.startsWith(`/api/v1/media/${id}/video?`)).toBe(true);
    expect(links.url(id, 'video', user)).toBe(url); // stable for a few minutes
    expect(links.verify(id, 'video', token, exp, sub)).toEqual(user);
    expect(links.verify(id, 'thumbnail', token, exp, sub)).toBeNull();
    const otherMeeting = '11111111-2222-4333-8444-555555555556';
    expect(links.verify(otherMeeting, 'video', token, exp, sub)).toBeNull();
    expect(links.verify(id, 'video', token, String(Number(exp) + 300), sub)).toBeNull();
    // The grant is signed too: a link cannot be moved to another user or to a public link.
    expect(links.verify(id, 'video', token, exp, `u.${id}`)).toBeNull();
    expect(links.verify(id, 'video', token, exp, `p.${'a'.repeat(32)}`)).toBeNull();
    const flipped = token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect(links.verify(id, 'video', flipped, exp, sub)).toBeNull();
    const other = createMediaLinks('another-secret-another-secret-another', () => now);
    expect(other.verify(id, 'video', token, exp, sub)).toBeNull();

    const pub = new URL(links.url(id, 'thumbnail', { publicLink: 'b'.repeat(32) }), 'http://x');
    const [pt, pe, ps] = ['token', 'exp', 'sub'].map((k) => pub.searchParams.get(k) ?? '');
    expect(links.verify(id, 'thumbnail', pt ?? '', pe ?? '', ps ?? '')).toEqual({
      publicLink: 'b'.repeat(32),
    });

    now = new Date(now.getTime() + (MEDIA.linkTtlSec - 1) * 1000);
    expect(links.verify(id, 'video', token, exp, sub)).toEqual(user);
    now = new Date(now.getTime() + 301 * 1000);
    expect(links.verify(id, 'video', token, exp, sub)).toBeNull();
    expect(MEDIA.linkTtlSec).toBeLessThanOrEqual(15 * 60);
  });
});

describe('Range header', () => {
  it('gives one byte range, the whole object or unsatisfiable', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
