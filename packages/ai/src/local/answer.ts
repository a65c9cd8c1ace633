import { Bm25Index, searchableText } from '../prompt/rank.js';
import { terms } from '../prompt/text.js';
import { bullet, type TaskOutput } from './output.js';
import { citeSentence, type Sentence } from './sentences.js';

export const NO_ANSWER = 'The selected meetings do not contain an answer to that.';

/**
 * A sentence answers only if it holds at least half of the question's content words and 30 %
 * of their weight (IDF): one common word shared with a three-word question is not an answer.
 */
export const MIN_MATCHED = 0.5;
export const MIN_COVERAGE = 0.3;

const relevant = (hit: { matched: number; coverage: number }) =>
  hit.matched >= MIN_MATCHED && hit.coverage >= MIN_COVERAGE;

const QUESTION_START =
  /\?\s*$|^(?:who|what|when|where|why|how|which|do|does|did|is|are|can|could|would|will)\b/i;

/**
 * Extractive question answering: BM25 over the transcript's sentences, the best few above the
 * relevance threshold quoted in time order, and when the best one is itself a question, the
 * reply that follows it. Below the threshold it says plainly that there is no answer.
 */
export function answerQuestion(question: string, sentences: Sentence[]): TaskOutput {
  const index = new Bm25Index(sentences.map(searchableText));
  const hits = index.search(question, 20).filter(relevant);
  const best = hits[0];
  if (terms(question).length === 0 || !best) {
    return {
      text: NO_ANSWER,
      json: { answer: NO_ANSWER, found: false, sentences: [] },
      citations: [],
      noAnswer: true,
    };
  }
  const chosen = new Set<number>();
  const quoted = new Set<string>();
  for (const hit of hits) {
    const text = sentences[hit.index]?.text.toLowerCase() ?? '';
    // A repeated sentence is quoted once, where it was first said.
    if (chosen.size >= 3 || hit.score < best.score * 0.6 || quoted.has(text)) continue;
    quoted.add(text);
    chosen.add(hit.index);
  }
  for (const i of [...chosen]) {
    const s = sentences[i];
    if (!s || !QUESTION_START.test(s.text)) continue;
    const reply = sentences.slice(i + 1, i + 6).find((r) => r.speaker !== s.speaker);
    if (reply) chosen.add(reply.index);
  }
  const picked = [...chosen].sort((a, b) => a - b).map((i) => sentences[i] as Sentence);
  return {
    text: ['From the transcript:', ...picked.map(bullet)].join('\n'),
    json: {
      answer: picked.map((s) => s.text).join(' '),
      found: true,
      sentences: picked.map(citeSentence),
    },
    citations: picked.map(citeSentence),
  };
}
