import {
  computeAnalytics,
  assignSpeakers,
  turnsFromSpeech,
  type Analytics,
  type SpeakerWord,
  type Turn,
} from './analytics.js';
import { selectEngine } from './asr/select.js';
import type { AsrEngine } from './asr/types.js';
import { decodeAll, MediaError, probeDuration, SAMPLE_RATE } from './decode.js';
import { detectSpeech } from './vad.js';

/** The document `npm run analyze` prints; the server will store the same shape. */
export interface AnalysisResult {
  engine: { name: string; model: string; quality: string };
  durationSec: number;
  words: SpeakerWord[];
  turns: Turn[];
  analytics: Analytics;
}

/**
 * Decode → VAD → speech-to-text → turns → analytics on one media file.
 * First slice: the PCM is held in memory (115 MB per hour as Float32); streaming pieces
 * straight from the decoder into the recogniser comes with the job pipeline.
 */
export async function analyzeFile(
  file: string,
  engine: AsrEngine = selectEngine(),
): Promise<AnalysisResult> {
  const durationSec = await probeDuration(file);
  const pcm = await decodeAll(file);
  if (pcm.length === 0) throw new MediaError(`no audio in ${file}`);
  const speech = await detectSpeech(pcm);
  const { words } = await engine.transcribe(pcm, { speech });
  const turns = turnsFromSpeech(speech);
  const speakerWords = assignSpeakers(words, turns);
  return {
    engine: { name: engine.name, model: engine.model, quality: engine.quality },
    durationSec: Math.round(durationSec * 1000) / 1000,
    words: speakerWords,
    turns,
    analytics: computeAnalytics(speakerWords, turns, pcm.length / SAMPLE_RATE),
  };
}
