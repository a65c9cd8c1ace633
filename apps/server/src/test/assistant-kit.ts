import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { StreamError, ZaiFinal } from '@parley/contracts';
import { meetings, type StoredTurn, type StoredWord } from '../platform/db/schema.js';
import { createTranscriptsRepo } from '../modules/transcripts/repo.js';
import type { TestContext } from './context.js';

/**
 * Transcripts for the assistant's tests, from the project's fixtures' reference texts (real
 * speech, exactly as spoken): the two-speaker call of diarization/two-speakers.stm, and the
 * FLEURS read sentences of speech/fleurs-en-00{0..4}.txt as one reader's talk.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures');

interface Utterance {
  speaker: string;
  start: number;
  end: number;
  text: string;
}

/** Words with times spread evenly over their utterance, one turn per utterance. */
function transcriptOf(utterances: Utterance[]): { words: StoredWord[]; turns: StoredTurn[] } {
  const words: StoredWord[] = [];
  for (const u of utterances) {
    const parts = u.text.split(/\s+/).filter(Boolean);
    const step = (u.end - u.start) / parts.length;
    parts.forEach((word, i) => {
      const start = Math.round((u.start + i * step) * 1000) / 1000;
      const end = Math.round((u.start + (i + 1) * step) * 1000) / 1000;
      words.push({ word, start, end, speaker: u.speaker, confidence: 0.9 });
    });
  }
  return { words, turns: utterances.map(({ speaker, start, end }) => ({ speaker, start, end })) };
}

/** diarization/two-speakers.stm: Diane is speaker_00, Sheila speaker_01 (first to speak first). */
export function introductionsCall(): Utterance[] {
  const labels = new Map<string, string>();
  return readFileSync(path.join(FIXTURES, 'diarization/two-speakers.stm'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [, , name = '', start = '0', end = '0', ...text] = l.split(' ');
      if (!labels.has(name)) labels.set(name, `speaker_0${labels.size}`);
      return {
        speaker: labels.get(name) ?? '',
        start: Number(start),
        end: Number(end),
        text: text.join(' '),
      };
    });
}

/** The five FLEURS sentences, read one after another with a pause of a second between them. */
export function scienceReading(): Utterance[] {
  let t = 0.5;
  return [0, 1, 2, 3, 4].map((i) => {
    const text = readFileSync(path.join(FIXTURES, `speech/fleurs-en-00${i}.txt`), 'utf8').trim();
    const seconds = text.split(/\s+/).length * 0.4;
    const u = { speaker: 'speaker_00', start: t, end: t + seconds, text };
    t += seconds + 1;
    return u;
  });
}

export async function addMeeting(
  ctx: TestContext,
  owner: { id: string; organizationId: string },
  name: string,
  opts: { utterances?: Utterance[]; names?: Record<string, string>; createdAt?: Date } = {},
): Promise<string> {
  const utterances = opts.utterances ?? [];
  const durationSec = Math.ceil(Math.max(1, ...utterances.map((u) => u.end)));
  const [row] = await ctx.database.db
    .insert(meetings)
    .values({
      organizationId: owner.organizationId,
      ownerId: owner.id,
      meetingName: name,
      meetingCode: `${name}.wav`,
      searchText: name.toLowerCase(),
      inferenceStatus: 'processed',
      durationSec,
      additionalDetails: opts.names ?? {},
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('no meeting');
  if (opts.utterances) {
    await createTranscriptsRepo(ctx.database.db).save({
      meetingId: row.id,
      organizationId: owner.organizationId,
      runId: crypto.randomUUID(),
      engine: { name: 'reference', model: 'fixture text', quality: 'exact' },
      audioLengthSec: durationSec,
      speakerCount: { value: new Set(utterances.map((u) => u.speaker)).size, source: 'estimated' },
      ...transcriptOf(opts.utterances),
    });
  }
  return row.id;
}

export interface ParsedStream {
  deltas: string[];
  final?: ZaiFinal;
  error?: StreamError;
}

/** The events of a text/event-stream reply. */
export function parseStream(res: LightMyRequestResponse): ParsedStream {
  const out: ParsedStream = { deltas: [] };
  for (const block of res.body.split('\n\n')) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (!event || !data) continue;
    const parsed = JSON.parse(data) as unknown;
    if (event === 'delta') out.deltas.push((parsed as { text: string }).text);
    if (event === 'final') out.final = parsed as ZaiFinal;
    if (event === 'error') out.error = parsed as ParsedStream['error'];
  }
  return out;
}
