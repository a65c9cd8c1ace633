// Test recordings with known speakers, joined with ffmpeg from real single-speaker clips in
// fixtures/speech (jfk.wav and the FLEURS clips are each a different speaker). The audio is
// untouched speech, only cut at pauses and concatenated; the reference RTTM comes from the
// known clip boundaries and Silero VAD inside each clip. This gives the diarization a check
// that two-speakers.wav alone cannot: its tuning was chosen on that file.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeAll, SAMPLE_RATE } from './decode.js';
import { fixture } from './test-fixtures.js';
import { detectSpeech, type Segment } from './vad.js';

const run = promisify(execFile);

export interface Piece {
  /** Clip in fixtures/, e.g. 'speech/jfk.wav'. */
  clip: string;
  /** Which part of the clip: split at the VAD pause nearest its middle. */
  part: 'first' | 'second' | 'whole';
  speaker: string;
}

export interface Joined {
  pcm: Float32Array;
  reference: (Segment & { speaker: string })[];
  speakers: number;
}

/** Where to cut a clip: the middle of the VAD pause nearest to its midpoint. */
function splitPoint(speech: readonly Segment[], duration: number): number {
  let best = duration / 2;
  let bestDistance = Infinity;
  for (let i = 1; i < speech.length; i++) {
    const at = (speech[i - 1]!.end + speech[i]!.start) / 2;
    if (Math.abs(at - duration / 2) < bestDistance)
      [best, bestDistance] = [at, Math.abs(at - duration / 2)];
  }
  return best;
}

/** Joins the pieces in order into one 16 kHz WAV (ffmpeg atrim + concat) and decodes it. */
export async function joinClips(pieces: readonly Piece[]): Promise<Joined> {
  const clips = [...new Set(pieces.map((p) => p.clip))];
  const info = new Map<string, { speech: Segment[]; duration: number; cut: number }>();
  for (const clip of clips) {
    const pcm = await decodeAll(fixture(clip));
    const speech = await detectSpeech(pcm);
    const duration = pcm.length / SAMPLE_RATE;
    info.set(clip, { speech, duration, cut: splitPoint(speech, duration) });
  }
  const reference: (Segment & { speaker: string })[] = [];
  // ffmpeg needs `asplit` when one input feeds several pieces: one output per use.
  const uses = clips.map((c) => pieces.filter((p) => p.clip === c).length);
  const graph = clips.map(
    (_, ci) =>
      `[${ci}:a]aresample=${SAMPLE_RATE},aformat=channel_layouts=mono,asplit=${uses[ci]}` +
      Array.from({ length: uses[ci]! }, (__, u) => `[c${ci}u${u}]`).join(''),
  );
  const used = clips.map(() => 0);
  let offset = 0;
  pieces.forEach((p, i) => {
    const { speech, duration, cut } = info.get(p.clip)!;
    const [from, to] =
      p.part === 'first' ? [0, cut] : p.part === 'second' ? [cut, duration] : [0, duration];
    for (const s of speech) {
      const start = Math.max(from, s.start);
      const end = Math.min(to, s.end);
      if (end > start)
        reference.push({
          speaker: p.speaker,
          start: offset + start - from,
          end: offset + end - from,
        });
    }
    const ci = clips.indexOf(p.clip);
    graph.push(
      `[c${ci}u${used[ci]!++}]atrim=${from.toFixed(3)}:${to.toFixed(3)},asetpts=PTS-STARTPTS[p${i}]`,
    );
    offset += to - from;
  });
  graph.push(`${pieces.map((_, i) => `[p${i}]`).join('')}concat=n=${pieces.length}:v=0:a=1[out]`);
  const dir = mkdtempSync(join(tmpdir(), 'parley-joined-'));
  const out = join(dir, 'joined.wav');
  try {
    await run(process.env.FFMPEG_PATH ?? 'ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      ...clips.flatMap((c) => ['-i', fixture(c)]),
      '-filter_complex',
      graph.join(';'),
      '-map',
      '[out]',
      out,
    ]);
    return {
      pcm: await decodeAll(out),
      reference,
      speakers: new Set(pieces.map((p) => p.speaker)).size,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
