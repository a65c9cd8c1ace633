import { terms } from '../prompt/text.js';
import type { Sentence } from './sentences.js';

/** TF-IDF vectors of sentences (unit length), shared by the summary and the topic notes. */
export function tfidfVectors(sentences: Sentence[]): Map<string, number>[] {
  const termLists = sentences.map((s) => terms(s.text));
  const df = new Map<string, number>();
  for (const list of termLists) for (const t of new Set(list)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, sentences.length);
  return termLists.map((list) => {
    const tf = new Map<string, number>();
    for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1);
    const vec = new Map<string, number>();
    let norm = 0;
    for (const [t, f] of tf) {
      const w = (1 + Math.log(f)) * Math.log(1 + n / (df.get(t) ?? 1));
      vec.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of vec) vec.set(t, w / norm);
    return vec;
  });
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) dot += w * (large.get(t) ?? 0);
  return dot;
}

/**
 * TextRank centrality: PageRank over the sentence-similarity graph. Pairs are found through an
 * inverted index, so sentences sharing no term cost nothing (an hour holds ~1,500 sentences).
 */
export function centrality(vectors: Map<string, number>[], iterations = 30): number[] {
  const n = vectors.length;
  const postings = new Map<string, number[]>();
  vectors.forEach((v, i) => {
    for (const t of v.keys()) {
      const list = postings.get(t);
      if (list) list.push(i);
      else postings.set(t, [i]);
    }
  });
  const edges: Map<number, number>[] = vectors.map(() => new Map());
  vectors.forEach((v, i) => {
    const row = edges[i] as Map<number, number>;
    for (const [t, w] of v) {
      for (const j of postings.get(t) ?? []) {
        if (j === i) continue;
        row.set(j, (row.get(j) ?? 0) + w * (vectors[j]?.get(t) ?? 0));
      }
    }
  });
  const outWeight = edges.map((row) => [...row.values()].reduce((a, b) => a + b, 0));
  let rank = new Array<number>(n).fill(1 / Math.max(1, n));
  const damping = 0.85;
  for (let k = 0; k < iterations; k++) {
    const next = new Array<number>(n).fill((1 - damping) / Math.max(1, n));
    edges.forEach((row, i) => {
      const out = outWeight[i] ?? 0;
      if (out === 0) return;
      const share = (damping * (rank[i] ?? 0)) / out;
      for (const [j, w] of row) next[j] = (next[j] ?? 0) + share * w;
    });
    rank = next;
  }
  return rank;
}

export interface SummaryOptions {
  /** Sentences to keep; default grows with the meeting's length (3..12). */
  count?: number;
}

/**
 * Extractive summary: sentences scored by centrality, a small bonus near the start and the end
 * (openings state purpose, endings state outcomes), a penalty for very short sentences, then a
 * greedy pick that skips near-duplicates and gives every speaker with a fair share of the
 * meeting at least one sentence. The result is in time order.
 */
export function summarize(sentences: Sentence[], options: SummaryOptions = {}): Sentence[] {
  // Greetings and one-word replies ("Hello?", "Sure.") only when there is nothing longer.
  const substantial = sentences.filter((s) => terms(s.text).length >= 2);
  const candidates =
    substantial.length >= 3 ? substantial : sentences.filter((s) => terms(s.text).length >= 1);
  if (candidates.length === 0) return [];
  const vectors = tfidfVectors(candidates);
  const rank = centrality(vectors);
  const maxRank = Math.max(...rank) || 1;
  const n = candidates.length;
  const score = candidates.map((s, i) => {
    const position = i / Math.max(1, n - 1);
    const positionBonus = position < 0.1 || position > 0.9 ? 1.15 : 1;
    const contentWords = terms(s.text).length;
    const lengthFactor = Math.min(1, contentWords / 5) * (contentWords > 40 ? 0.8 : 1);
    return ((rank[i] ?? 0) / maxRank) * positionBonus * (0.3 + 0.7 * lengthFactor);
  });
  const count = options.count ?? Math.max(3, Math.min(12, Math.round(Math.sqrt(n))));
  const order = candidates.map((_, i) => i).sort((a, b) => (score[b] ?? 0) - (score[a] ?? 0));
  const picked: number[] = [];
  const redundant = (i: number) =>
    picked.some(
      (j) => cosine(vectors[i] as Map<string, number>, vectors[j] as Map<string, number>) > 0.6,
    );

  // Speakers who hold at least 15 % of the sentences are represented first.
  const perSpeaker = new Map<string, number>();
  for (const s of candidates) perSpeaker.set(s.speaker, (perSpeaker.get(s.speaker) ?? 0) + 1);
  for (const [speaker, k] of perSpeaker) {
    if (k / n < 0.15 || picked.length >= count) continue;
    const best = order.find((i) => candidates[i]?.speaker === speaker && !redundant(i));
    if (best !== undefined) picked.push(best);
  }
  for (const i of order) {
    if (picked.length >= count) break;
    if (!picked.includes(i) && !redundant(i)) picked.push(i);
  }
  return picked.sort((a, b) => a - b).map((i) => candidates[i] as Sentence);
}
