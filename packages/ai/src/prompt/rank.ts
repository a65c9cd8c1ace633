import type { TranscriptLine } from '../types.js';
import { terms } from './text.js';

export interface SearchHit {
  index: number;
  score: number;
  /** Share of the query's term weight the document holds (0..1). */
  coverage: number;
  /** Share of the query's distinct terms the document holds (0..1). */
  matched: number;
}

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
   * How much of the query a document answers: `coverage` is the share of the query's weight
   * (sum of its terms' IDF) the document contains, a term no document holds weighing like one
   * that a single document holds (so one unknown word does not sink a question); `matched` is
   * the share of the query's distinct terms it contains. Unlike the raw score both compare
   * across corpora, so they decide whether anything relevant was found at all.
   */
  match(queryTerms: string[], doc: number): { coverage: number; matched: number } {
    const tf = this.docs[doc];
    const unique = [...new Set(queryTerms)];
    const rarest = Math.log(1 + (this.docs.length - 0.5) / 1.5);
    const weight = (t: string) => (this.df.has(t) ? this.idf(t) : rarest);
    const total = unique.reduce((a, t) => a + weight(t), 0);
    if (!tf || total === 0) return { coverage: 0, matched: 0 };
    const found = unique.filter((t) => tf.has(t));
    return {
      coverage: found.reduce((a, t) => a + weight(t), 0) / total,
      matched: found.length / unique.length,
    };
  }

  /** The best k documents for a query, best first (documents without any query term are left out). */
  search(query: string, k: number): SearchHit[] {
    const q = terms(query);
    const hits: SearchHit[] = [];
    for (let i = 0; i < this.docs.length; i++) {
      const score = this.score(q, i);
      if (score > 0) hits.push({ index: i, score, ...this.match(q, i) });
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
  /** Share of the question's distinct terms the line contains (0..1). */
  matched: number;
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
    matched: hit.matched,
  }));
}
