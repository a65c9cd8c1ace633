import { formatTimestamp } from '../prompt/render.js';
import { Bm25Index } from '../prompt/rank.js';
import { terms } from '../prompt/text.js';
import { bullet, type TaskOutput } from './output.js';
import { citeSentence, type Sentence } from './sentences.js';
import { centrality, cosine, tfidfVectors } from './summary.js';

const QUESTION =
  /\?\s*$|^(?:(?:and|so|but|okay|well),?\s+)?(?:who|what|when|where|why|how|which|whose|do|does|did|is|are|was|were|can|could|would|will|should|have|has|shall|may)\s+(?:you|we|they|i|it|he|she|there|this|that|the|your|our|anyone|someone)\b/i;

export function isQuestionSentence(text: string): boolean {
  return QUESTION.test(text.trim());
}

/**
 * Key questions: question sentences ('?' or wh-/auxiliary inversion) with at least two content
 * words, ranked by how much of the rest of the meeting they relate to (BM25 of the question
 * against the other sentences) with a bonus when another speaker replies.
 */
export function keyQuestions(sentences: Sentence[], max = 8): TaskOutput {
  const questions = sentences.filter(
    (s) => isQuestionSentence(s.text) && terms(s.text).length >= 2,
  );
  if (questions.length === 0) {
    return {
      text: 'No questions were asked in this meeting.',
      json: { questions: [] },
      citations: [],
    };
  }
  const index = new Bm25Index(sentences.map((s) => s.text));
  const ranked = questions
    .map((q) => {
      const related = index.search(q.text, 20).filter((h) => h.index !== q.index);
      const reach = related.reduce((a, h) => a + h.score, 0);
      const replied = sentences
        .slice(q.index + 1, q.index + 4)
        .some((r) => r.speaker !== q.speaker);
      return {
        q,
        score: (1 + reach) * (replied ? 1.3 : 1) * Math.min(1, terms(q.text).length / 4),
      };
    })
    .sort((a, b) => b.score - a.score || a.q.index - b.q.index)
    .slice(0, max)
    .map((x) => x.q);
  return {
    text: [
      'Key questions (most connected to the rest of the meeting first):',
      ...ranked.map(bullet),
    ].join('\n'),
    json: { questions: ranked.map(citeSentence) },
    citations: ranked.map(citeSentence),
  };
}

interface Topic {
  sentences: Sentence[];
  keywords: string[];
  highlights: Sentence[];
}

/**
 * Topic segmentation in the spirit of TextTiling: cohesion between the windows before and
 * after each sentence gap; a boundary where it dips well below the meeting's average. Each
 * topic is named by its most distinctive words and illustrated by its most central sentences.
 */
export function topics(sentences: Sentence[]): Topic[] {
  if (sentences.length === 0) return [];
  const vectors = tfidfVectors(sentences);
  const window = 6;
  const minTopic = 8;
  const merge = (from: number, to: number) => {
    const v = new Map<string, number>();
    for (let i = Math.max(0, from); i < Math.min(vectors.length, to); i++) {
      for (const [t, w] of vectors[i] ?? []) v.set(t, (v.get(t) ?? 0) + w);
    }
    let norm = 0;
    for (const w of v.values()) norm += w * w;
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of v) v.set(t, w / norm);
    return v;
  };
  const gaps: number[] = [];
  for (let i = 1; i < sentences.length; i++)
    gaps.push(cosine(merge(i - window, i), merge(i, i + window)));
  const mean = gaps.reduce((a, b) => a + b, 0) / (gaps.length || 1);
  const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - mean) ** 2, 0) / (gaps.length || 1));
  // Deepest dips first, at most one topic per ~40 sentences (about 4 minutes of talk) and 12
  // in all, never closer than `minTopic` sentences to another cut or to either end.
  const maxCuts = Math.min(11, Math.floor(sentences.length / 40));
  const dips = gaps
    .map((g, k) => ({ g, i: k + 1, k }))
    .filter(
      ({ g, k }) =>
        g < mean - sd / 2 && g <= (gaps[k - 1] ?? Infinity) && g <= (gaps[k + 1] ?? Infinity),
    )
    .sort((a, b) => a.g - b.g);
  const cuts: number[] = [];
  for (const { i } of dips) {
    if (cuts.length >= maxCuts) break;
    if (i < minTopic || sentences.length - i < minTopic) continue;
    if (cuts.some((c) => Math.abs(c - i) < minTopic)) continue;
    cuts.push(i);
  }
  cuts.sort((a, b) => a - b);
  const bounds = [0, ...cuts, sentences.length];
  const out: Topic[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const part = sentences.slice(bounds[k], bounds[k + 1]);
    const weights = merge(bounds[k] ?? 0, bounds[k + 1] ?? 0);
    const keywords = [...weights.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([t]) => surfaceForm(t, part));
    const rank = centrality(vectors.slice(bounds[k], bounds[k + 1]));
    const highlights = part
      .map((s, i) => ({ s, r: (rank[i] ?? 0) * Math.min(1, terms(s.text).length / 5) }))
      .sort((a, b) => b.r - a.r)
      .slice(0, 3)
      .map((x) => x.s)
      .sort((a, b) => a.index - b.index);
    out.push({ sentences: part, keywords, highlights });
  }
  return out;
}

/**
 * The word as spoken for a stemmed term, for readable topic names: the first word that starts
 * with the stem, up to where its letters end. Found by comparing words, not by a regular
 * expression made of the term: a pasted text of one 50,000-letter word made one too large to
 * compile (a stack overflow, and a 500).
 */
function surfaceForm(term: string, part: Sentence[]): string {
  const stem = term.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  if (!stem) return term;
  for (const s of part) {
    for (const word of s.text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}']*/gu) ?? []) {
      if (word.startsWith(stem))
        return stem + (/^[\p{L}']*/u.exec(word.slice(stem.length))?.[0] ?? '');
    }
  }
  return term;
}

export function meetingNotes(sentences: Sentence[]): TaskOutput {
  const found = topics(sentences);
  if (found.length === 0)
    return {
      text: 'The transcript is empty: there are no notes to take.',
      json: { topics: [] },
      citations: [],
    };
  const text = ['Meeting notes by topic:'];
  found.forEach((t, k) => {
    const from = t.sentences[0]?.start ?? 0;
    const to = t.sentences[t.sentences.length - 1]?.end ?? from;
    text.push(
      `${k + 1}. ${t.keywords.join(', ')} (${formatTimestamp(from)}-${formatTimestamp(to)})`,
    );
    text.push(...t.highlights.map((s) => `   ${bullet(s)}`));
  });
  return {
    text: text.join('\n'),
    json: {
      topics: found.map((t) => ({
        keywords: t.keywords,
        start: t.sentences[0]?.start ?? 0,
        lines: t.highlights.map(citeSentence),
      })),
    },
    citations: found.flatMap((t) => t.highlights.map(citeSentence)),
  };
}
