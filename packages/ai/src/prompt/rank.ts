import type { TranscriptLine } from '../types.js';
import { terms } from './text.js';

/** Okapi BM25 over short documents (transcript lines or sentences). */
export class Bm25Index {
  private readonly docs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(
    texts: string[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = texts.map((text) => {
      const tf = new Map<string, number>();
      for (const t of terms(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
      return tf;
    });
    this.lengths = this.docs.map((d) => [...d.values()].reduce((a, c) => a + c, 0));
    for (const d of this.docs) for (const t of d.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    this.avgLength = this.lengths.reduce((a, c) => a + c, 0) / Math.max(1, this.docs.length) || 1;
  }

  get size(): number {
    return this.docs.length;
  }

  /** Inverse document frequency; a term no document holds gets the highest possible value. */
  idf(term: string): number {
    const n = this.docs.length;
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  score(queryTerms: string[], doc: number): number {
    const tf = this.docs[doc];
    if (!tf) return 0;
    const norm = this.k1 * (1 - this.b + (this.b * (this.lengths[doc] ?? 0)) / this.avgLength);
    let total = 0;
    for (const t of new Set(queryTerms)) {
      const f = tf.get(t) ?? 0;
      if (f > 0) total += (this.idf(t) * f * (this.k1 + 1)) / (f + norm);
    }
    return total;
  }

  /**
   * Share of the query's weight (sum of its terms' IDF) that the document contains: 1 when it
   * holds every query term, 0 when none. Unlike the raw score it compares across corpora, so
   * it is what decides whether anything relevant was found at all.
   */
  coverage(queryTerms: string[], doc: number): number {
    const tf = this.docs[doc];
    const unique = [...new Set(queryTerms)];
    const total = unique.reduce((a, t) => a + this.idf(t), 0);
    if (!tf || total === 0) return 0;
    return unique.filter((t) => tf.has(t)).reduce((a, t) => a + this.idf(t), 0) / total;
  }

  /** The best k documents for a query, best first (documents without any query term are left out). */
  search(query: string, k: number): { index: number; score: number; coverage: number }[] {
    const q = terms(query);
    const hits: { index: number; score: number; coverage: number }[] = [];
    for (let i = 0; i < this.docs.length; i++) {
      const score = this.score(q, i);
      if (score > 0) hits.push({ index: i, score, coverage: this.coverage(q, i) });
    }
    return hits.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, k);
  }
}

/** A line's text with the speaker's name, unless the speaker is still a raw speaker_NN label. */
export function searchableText(line: { speaker: string; text: string }): string {
  return /^speaker_\d+$/i.test(line.speaker) ? line.text : `${line.speaker} ${line.text}`;
}

export interface RankedLine {
  line: TranscriptLine;
  /** Position in the input array. */
  index: number;
  score: number;
  /** Share of the question's term weight the line contains (0..1). */
  coverage: number;
}

/**
 * The k transcript lines that best match a question (BM25 over speaker and text), best first;
 * the assistant's retrieval across meetings. Lines sharing no term with the question are left out.
 */
export function rankLines(question: string, lines: TranscriptLine[], k: number): RankedLine[] {
  const index = new Bm25Index(lines.map(searchableText));
  return index.search(question, k).map((hit) => ({
    line: lines[hit.index] as TranscriptLine,
    index: hit.index,
    score: hit.score,
    coverage: hit.coverage,
  }));
}
