// The learned-embedding path of diarization (a speaker-embedding model through `embedder`):
// one embedding per window, agglomerative clustering by cosine, Viterbi smoothing.
import { SAMPLE_RATE } from '../decode.js';
import { agglomerate, centroids, cosine } from './cluster.js';
import type { SampleReader, SpeakerEmbedder } from './diarize.js';
import { compact, initialLabelsFrom, type Labelled, type Window } from './windows.js';

// Cosine similarity above which two clusters of learned embeddings are one voice. Speaker
// verification models (ECAPA/ResNet trained with additive-margin softmax) put same-speaker
// pairs mostly above ~0.5 and different speakers below; sherpa-onnx's diarization example
// uses the same 0.5 as its clustering threshold.
const EMBEDDING_SAME_SPEAKER = 0.5;
// Viterbi over windows with emissions EMBEDDING_SCALE × cosine to each centroid: a change of
// speaker must be supported by about EMBEDDING_SWITCH / EMBEDDING_SCALE = 0.3 of cosine
// advantage summed over consecutive windows (one clearly different 1.5 s window is enough).
const EMBEDDING_SCALE = 10;
const EMBEDDING_SWITCH = 3;

/**
 * The learned-embedding path: one embedding per window, agglomerative clustering by cosine,
 * window labels smoothed by Viterbi, each block labelled by the window centred nearest to it.
 */
export function labelByEmbedder(
  items: Labelled[],
  windows: readonly Window[],
  embedder: SpeakerEmbedder,
  audio: Float32Array | SampleReader,
  maxCount: number,
): number {
  const read: SampleReader =
    typeof audio === 'function'
      ? audio
      : (a, b) => audio.subarray(Math.floor(a * SAMPLE_RATE), Math.ceil(b * SAMPLE_RATE));
  const embeddings = windows.map((w) =>
    embedder(read(items[w.from]!.start, items[w.to - 1]!.end), SAMPLE_RATE),
  );
  const labels = agglomerate(embeddings, {
    maxClusters: maxCount,
    sameSimilarity: EMBEDDING_SAME_SPEAKER,
  });
  const k = Math.max(...labels) + 1;
  const centres = centroids(embeddings, labels, k);
  const scores = embeddings.map((e) => centres.map((c) => EMBEDDING_SCALE * cosine(e, c)));
  const smoothed = viterbi(scores, EMBEDDING_SWITCH);
  const blockLabels = initialLabelsFrom(items, windows, smoothed);
  items.forEach((x, t) => (x.label = blockLabels[t]!));
  return compact(items);
}

/** Best label path through per-step scores with a fixed cost per change of label. */
function viterbi(scores: readonly number[][], penalty: number): number[] {
  const k = scores[0]?.length ?? 0;
  if (k < 2) return scores.map(() => 0);
  const back: Int32Array[] = [];
  let score = scores[0]!.slice();
  for (let t = 1; t < scores.length; t++) {
    let bestPrev = 0;
    for (let s = 1; s < k; s++) if (score[s]! > score[bestPrev]!) bestPrev = s;
    const ptr = new Int32Array(k);
    const next = new Array<number>(k);
    for (let s = 0; s < k; s++) {
      const move = score[bestPrev]! - penalty;
      if (score[s]! >= move) [next[s], ptr[s]] = [score[s]! + scores[t]![s]!, s];
      else [next[s], ptr[s]] = [move + scores[t]![s]!, bestPrev];
    }
    back.push(ptr);
    score = next;
  }
  const path = new Array<number>(scores.length);
  let s = 0;
  for (let i = 1; i < k; i++) if (score[i]! > score[s]!) s = i;
  for (let t = scores.length - 1; t >= 0; t--) {
    path[t] = s;
    if (t > 0) s = back[t - 1]![s]!;
  }
  return path;
}
