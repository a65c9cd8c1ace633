// Test helper (excluded from the build by tsconfig's src/test-*.ts): the real two-speaker
// recording's transcript from /fixtures, as the pipeline would hand it to the AI layer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderTranscript } from './prompt/render.js';
import type { CompletionRequest, TranscriptLine } from './types.js';

const DIR = path.resolve(import.meta.dirname, '../../../fixtures/diarization');

interface RttmTurn {
  speaker: string;
  start: number;
  end: number;
}

/** RTTM speaker turns: "SPEAKER file chan start duration <NA> <NA> name <NA> <NA>". */
export function readRttm(file = path.join(DIR, 'two-speakers.rttm')): RttmTurn[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('SPEAKER'))
    .map((l) => {
      const f = l.trim().split(/\s+/);
      const start = Number(f[3]);
      return { speaker: f[7] ?? '', start, end: start + Number(f[4]) };
    });
}

/**
 * STM lines ("file channel speaker start end text") with the speaker replaced by the raw
 * diarization label (speaker_00, speaker_01 in order of first appearance) of the RTTM turn that
 * overlaps it most, which is what the transcript looks like before participants are named.
 * `names` maps the labels back to the names in the STM.
 */
export function twoSpeakerTranscript(): { lines: TranscriptLine[]; names: Record<string, string> } {
  const turns = readRttm();
  const labels = new Map<string, string>();
  const names: Record<string, string> = {};
  const lines = readFileSync(path.join(DIR, 'two-speakers.stm'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const m = /^(\S+)\s+(\S+)\s+(\S+)\s+([\d.]+)\s+([\d.]+)\s+(.*)$/.exec(l.trim());
      if (!m) throw new Error(`not an STM line: ${l}`);
      const start = Number(m[4]);
      const end = Number(m[5]);
      const overlap = (t: RttmTurn) => Math.min(end, t.end) - Math.max(start, t.start);
      const best = [...turns].sort((a, b) => overlap(b) - overlap(a))[0];
      const rttmSpeaker = best && overlap(best) > 0 ? best.speaker : (m[3] ?? '');
      if (!labels.has(rttmSpeaker)) labels.set(rttmSpeaker, `speaker_0${labels.size}`);
      const label = labels.get(rttmSpeaker) as string;
      names[label] ??= m[3] ?? label;
      return { speaker: label, start, end, text: m[6] ?? '' };
    });
  return { lines, names };
}

/**
 * A long meeting made of the real recording's turns repeated back to back (each copy shifted
 * by the recording's length plus a short pause), for chunking and timing.
 */
export function repeatedTranscript(minutes: number): TranscriptLine[] {
  const { lines } = twoSpeakerTranscript();
  const period = (lines[lines.length - 1]?.end ?? 30) + 1;
  const out: TranscriptLine[] = [];
  for (let k = 0; k * period < minutes * 60; k++) {
    for (const l of lines) out.push({ ...l, start: l.start + k * period, end: l.end + k * period });
  }
  return out;
}

/**
 * A request to the built-in engine as the app sends one: the prompt as the system message,
 * the transcript as the user's (after `heading`) and as grounding.
 */
export function groundedRequest(
  prompt: string,
  transcript: TranscriptLine[],
  extra: Partial<CompletionRequest> = {},
  heading = '',
): CompletionRequest {
  return {
    model: 'parley-local',
    messages: [
      { role: 'system', content: prompt },
      { role: 'user', content: `${heading}${renderTranscript(transcript)}` },
    ],
    grounding: { transcript },
    ...extra,
  };
}
