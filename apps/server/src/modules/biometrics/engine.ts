// Templates from a registration clip and offline verification of a meeting's video against
// them. The face decides; the voice template is a weak signal reported beside it: from a
// speaker-embedding model when one is installed (SPEAKER_EMBEDDING_MODEL or pulled into
// DATA_DIR/models), else from the built-in voice statistics.
import {
  MediaError,
  compareEmbeddingVoice,
  configuredSpeakerEmbedder,
  embeddingVoiceTemplate,
  SAME_PERSON_THRESHOLD,
  blockFeatures,
  compareFaces,
  compareVoice,
  decodeAll,
  detectRaw,
  detectSpeech,
  faceTemplate,
  probeDuration,
  SAMPLE_RATE,
  sampleFrames,
  voiceTemplate,
  type BlockStats,
  type EmbeddingVoiceTemplate,
  type LoadedSpeakerEmbedder,
  type FaceTemplate,
  type VoiceTemplate,
} from '@parley/analysis';
import type { BiometricStage, BiometricVoiceResult } from '@parley/contracts';
import type { MeetingRow } from '../meetings/index.js';
import { cropRgb, jpegOf, wavClip, type RgbImage } from './snippets.js';

/** The face library behind registration and verification. */
export interface BiometricEngine {
  templatesFromClip(file: string): Promise<Templates>;
  /** Runs `verifyVideo` on a local copy of the meeting's recording. */
  verifyMeeting(
    meeting: MeetingRow,
    turns: readonly Turn[],
    candidates: readonly Candidate[],
    onProgress: VerifyProgress,
  ): Promise<Verdict[]>;
}

/** Version 1: voice statistics (voiceprint.ts); version 2: a speaker-embedding model's vector. */
export type AnyVoiceTemplate = VoiceTemplate | EmbeddingVoiceTemplate;

export interface Templates {
  face: FaceTemplate | null;
  voice: AnyVoiceTemplate | null;
}

/** Whether a stored value has the shape of a face template (it comes back out of storage). */
export function isFaceTemplate(x: unknown): x is FaceTemplate {
  const t = x as Partial<FaceTemplate> | null;
  return !!t && Array.isArray(t.embedding) && t.embedding.length > 0 && typeof t.faces === 'number';
}

/** Frames of a registration clip kept for the face template: the most confident faces. */
const TEMPLATE_FACES = 8;

/** Sound of a recording as voice blocks, with the speech ranges; null when it has no sound. */
async function voiceBlocks(
  file: string,
): Promise<{ pcm: Float32Array; blocks: BlockStats[]; speech: Range[] } | null> {
  try {
    const pcm = await decodeAll(file);
    const [blocks, speech] = [blockFeatures(pcm), await detectSpeech(pcm)];
    return { pcm, blocks, speech };
  } catch (err) {
    if (err instanceof MediaError) return null;
    throw err;
  }
}

/**
 * Face and voice templates of a registration clip: the face from the most confident
 * detections of the largest face (several frames), the voice from the speech in its sound.
 */
export async function templatesFromClip(file: string): Promise<Templates> {
  const candidates: { score: number; embedding: number[] }[] = [];
  for await (const frame of sampleFrames(file, { fps: 4 })) {
    const faces = await detectRaw(frame.rgb, frame.width, frame.height);
    const main = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
    if (main?.embedding.length) candidates.push({ score: main.score, embedding: main.embedding });
    if (candidates.length >= 40) break;
  }
  const best = candidates.sort((a, b) => b.score - a.score).slice(0, TEMPLATE_FACES);
  const face = best.length ? faceTemplate(best.map((c) => c.embedding)) : null;
  const sound = await voiceBlocks(file);
  const speakerModel = await configuredSpeakerEmbedder();
  let voice: AnyVoiceTemplate | null = null;
  if (sound && speakerModel) {
    const whole = [{ start: 0, end: sound.pcm.length / SAMPLE_RATE }];
    voice = embeddingVoiceTemplate(
      sound.pcm,
      sound.speech.length ? sound.speech : whole,
      speakerModel,
    );
  } else if (sound) {
    voice =
      voiceTemplate(sound.blocks, sound.speech.length ? sound.speech : undefined) ??
      voiceTemplate(sound.blocks);
  }
  return { face, voice };
}

/**
 * One candidate's voice against a speaker's turns: by the template's own method. An
 * embedding template needs the model that made it; without it there is no comparison.
 */
export function compareAnyVoice(
  template: AnyVoiceTemplate,
  sound: { pcm: Float32Array; blocks: BlockStats[] },
  ranges: readonly Range[],
  speakerModel: LoadedSpeakerEmbedder | null,
): Verdict['voice'] {
  if (template.version === 2) {
    const c = speakerModel
      ? compareEmbeddingVoice(template, sound.pcm, ranges, speakerModel)
      : null;
    return c
      ? {
          method: 'speaker-embedding',
          model: template.model,
          similarity: c.similarity,
          threshold: c.threshold,
          likelySame: c.likelySame,
          weakSignal: true,
        }
      : null;
  }
  const c = compareVoice(template, sound.blocks, ranges);
  return c
    ? {
        method: 'voice-statistics',
        llr: c.llr,
        threshold: c.threshold,
        likelySame: c.likelySame,
        weakSignal: true,
      }
    : null;
}

export interface Range {
  start: number;
  end: number;
}

export interface Turn extends Range {
  speaker: string;
}

export interface Candidate {
  id: string;
  face: FaceTemplate | null;
  voice: AnyVoiceTemplate | null;
}

export interface Verdict {
  candidateId: string;
  status: 'verified' | 'mismatch' | 'no_face';
  speaker: string | null;
  videoTimeStamp: number | null;
  face: { similarity: number; threshold: number; samePerson: boolean } | null;
  voice: BiometricVoiceResult | null;
  image: string | null;
  audio: string | null;
  mismatchedEvents: { start: number; end: number; similarity: number }[];
}

interface SeenFace {
  t: number;
  best: number;
}

/** Frames with a face matching the template at least this often make a verification. */
const MIN_MATCH_SHARE = 0.3;
/** Frames analysed at most; longer meetings are sampled more sparsely. */
const MAX_FRAMES = 180;
const AUDIO_SNIPPET_SEC = 4;

const speakerAt = (turns: readonly Turn[], t: number) =>
  turns.find((x) => t >= x.start && t < x.end)?.speaker ?? null;

/** Consecutive mismatching frames as time ranges (a frame stands for 1/fps seconds). */
function rangesOf(frames: SeenFace[], step: number): Verdict['mismatchedEvents'] {
  const out: Verdict['mismatchedEvents'] = [];
  for (const f of frames) {
    const last = out[out.length - 1];
    if (last && f.t - last.end <= step * 1.01)
      Object.assign(last, { end: f.t + step, similarity: Math.max(last.similarity, f.best) });
    else out.push({ start: f.t, end: f.t + step, similarity: f.best });
  }
  return out.map((e) => ({ ...e, end: Math.round(e.end * 1000) / 1000 }));
}

/** The stages of `verifyVideo`, in order (the registration check comes before it). */
export type VerifyStage = Exclude<BiometricStage, 'registrationCheck'>;
/** Called as each stage starts (0), moves and ends (1); the face pass by video time. */
export type VerifyProgress = (stage: VerifyStage, fraction: number) => void;

/**
 * Verifies each candidate against a meeting's video: every sampled frame's faces are compared
 * to the candidate's face template; the candidate is verified when the template matches a
 * face in enough of the frames where faces are seen, a mismatch when faces are seen but too
 * few match, and 'no_face' when no face is seen at all. The speaker whose turns hold the
 * matching frames is named, and their voice is compared to the voice template (weak signal).
 */
export async function verifyVideo(
  file: string,
  turns: readonly Turn[],
  candidates: readonly Candidate[],
  onProgress: VerifyProgress = () => {},
): Promise<Verdict[]> {
  const duration = await probeDuration(file).catch(() => 0);
  const fps = Math.min(2, Math.max(0.05, MAX_FRAMES / Math.max(duration, 1)));
  const step = 1 / fps;
  const seen = new Map<string, SeenFace[]>(candidates.map((c) => [c.id, []]));
  const evidence = new Map<string, { t: number; similarity: number; crop: RgbImage }>();

  onProgress('faceRecognition', 0);
  for await (const frame of sampleFrames(file, { fps })) {
    if (duration > 0) onProgress('faceRecognition', Math.min(1, frame.t / duration));
    const faces = (await detectRaw(frame.rgb, frame.width, frame.height)).filter(
      (f) => f.embedding.length > 0,
    );
    if (faces.length === 0) continue;
    for (const c of candidates) {
      if (!c.face) continue;
      let best = -1;
      let bestBox = faces[0]!.box;
      for (const f of faces) {
        const { similarity } = await compareFaces(c.face, f.embedding);
        if (similarity > best) [best, bestBox] = [similarity, f.box];
      }
      seen.get(c.id)!.push({ t: frame.t, best });
      const held = evidence.get(c.id);
      if (!held || best > held.similarity)
        evidence.set(c.id, { t: frame.t, similarity: best, crop: cropRgb(frame, bestBox) });
    }
  }
  onProgress('faceRecognition', 1);

  onProgress('voiceRecognition', 0);
  const sound = candidates.some((c) => c.voice) ? await voiceBlocks(file) : null;
  const speakerModel = sound ? await configuredSpeakerEmbedder() : null;
  const judged = candidates.map((c) => {
    const frames = seen.get(c.id) ?? [];
    const matches = frames.filter((f) => f.best >= SAME_PERSON_THRESHOLD);
    const status: Verdict['status'] =
      frames.length === 0
        ? 'no_face'
        : matches.length >= Math.max(1, MIN_MATCH_SHARE * frames.length)
          ? 'verified'
          : 'mismatch';
    const speaker = pickSpeaker(turns, status === 'verified' ? matches : frames);
    const ranges = speaker ? turns.filter((t) => t.speaker === speaker) : [];
    const voiceRanges = ranges.length ? ranges : [{ start: 0, end: Math.max(duration, 1) }];
    const voice =
      c.voice && sound ? compareAnyVoice(c.voice, sound, voiceRanges, speakerModel) : null;
    return { c, frames, status, speaker, ranges, voice };
  });
  onProgress('voiceRecognition', 1);

  onProgress('imagesAndAudio', 0);
  const verdicts: Verdict[] = [];
  for (const { c, frames, status, speaker, ranges, voice } of judged) {
    const found = evidence.get(c.id);
    const clipFrom = ranges[0]?.start ?? found?.t ?? 0;
    verdicts.push({
      candidateId: c.id,
      status,
      speaker,
      videoTimeStamp: found ? found.t : null,
      face: found
        ? {
            similarity: found.similarity,
            threshold: SAME_PERSON_THRESHOLD,
            samePerson: found.similarity >= SAME_PERSON_THRESHOLD,
          }
        : null,
      voice,
      image: found ? (await jpegOf(found.crop)).toString('base64') : null,
      audio: sound
        ? await wavClip(file, clipFrom, AUDIO_SNIPPET_SEC)
            .then((b) => b.toString('base64'))
            .catch(() => null)
        : null,
      // Where a face was seen and it was not this person, inside their turns when known.
      mismatchedEvents: rangesOf(
        frames.filter(
          (f) =>
            f.best < SAME_PERSON_THRESHOLD &&
            (!speaker || speakerAt(turns, f.t) === speaker || status === 'mismatch'),
        ),
        step,
      ),
    });
    onProgress('imagesAndAudio', verdicts.length / judged.length);
  }
  return verdicts;
}

/** The speaker who talks during most of the given frames; null without turns. */
function pickSpeaker(turns: readonly Turn[], frames: readonly SeenFace[]): string | null {
  const counts = new Map<string, number>();
  for (const f of frames) {
    const s = speakerAt(turns, f.t);
    if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [s, n] of counts) if (best === null || n > counts.get(best)!) best = s;
  return best ?? turns[0]?.speaker ?? null;
}
