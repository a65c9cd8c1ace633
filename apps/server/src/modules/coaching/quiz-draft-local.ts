import {
  FILLER_WORDS,
  centrality,
  isQuestionSentence,
  isStopWord,
  splitSentences,
  stem,
  terms,
  tfidfVectors,
  type Sentence,
} from '@parley/ai';
import { QUIZ_LIMITS, type QuizDraftQuestion } from '@parley/contracts';
import type { StoredWord } from '../../platform/db/schema.js';
import { dialogueBlocks } from '../transcripts/index.js';

/**
 * The built-in engine's quiz: "fill in the missing word" questions made from key sentences of
 * the transcript. The blank is a content word the sentence holds; the other options are content
 * words said elsewhere in the same video, of the same kind (names with names, numbers with
 * numbers, "-ing" words with "-ing" words). Every question is the transcript's own words at
 * the moment that answers it, so nothing is invented. Deterministic: the same transcript
 * drafts the same questions in the same order.
 */

/** A sentence shorter than this gives a blank nobody can place. */
const MIN_WORDS = 5;
/** Transcripts without punctuation come as whole turns: cut into parts a learner can read. */
const MAX_WORDS = 30;
/** Content words shorter than this are mostly function words the stop list misses. */
const MIN_ANSWER_LENGTH = 4;
const BLANK = '_____';
/**
 * Words the retrieval stop list keeps (it matches queries) but that make a poor blank: they
 * carry no fact of the video ("I'm in New Jersey now _____": though).
 */
const NOT_A_FACT = new Set(
  (
    'though although neither either hello thanks thank maybe perhaps even still much many ' +
    'something anything everything nothing someone anyone everyone somebody anybody everybody ' +
    'nobody whatever whenever wherever another every quite rather pretty little less least ' +
    'since unless upon within without toward towards across around along always never often ' +
    'sometimes usually already almost enough ever else whether likewise anyway anyhow okay ' +
    'alright right sure guess gonna wanna gotta finally firstly secondly lastly next later'
  ).split(' '),
);

interface Token {
  raw: string;
  /** The word without surrounding punctuation, as spoken. */
  core: string;
  lower: string;
  stem: string;
  /** First word of its sentence (its capital says nothing about it being a name). */
  opens: boolean;
  confidence: number | null;
}

/** A sentence of the transcript with its words, timed by the words themselves. */
interface Span extends Sentence {
  tokens: Token[];
}

type Kind = 'number' | 'name' | 'word';

interface VocabEntry {
  lower: string;
  /** How an option shows it: a name keeps its capital, other words are lower case. */
  display: string;
  stem: string;
  kind: Kind;
  /** Inflection class, so a distractor reads like the answer ("-ing" with "-ing"). */
  ending: string;
  spans: Set<number>;
}

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
/** Figures, in digits or words ("one" is as often a pronoun, "pick one habit": left out). */
const NUMBER =
  /^(?:\d+(?:[.,]\d+)*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)$/i;
const PLAIN_WORD = /^\p{L}+(?:['’-]\p{L}+)*$/u;

function tokenOf(w: StoredWord, opens: boolean): Token {
  const core = w.word.replace(EDGE_PUNCTUATION, '');
  const lower = core.toLowerCase();
  return { raw: w.word, core, lower, stem: stem(lower), opens, confidence: w.confidence };
}

/** A word worth asking about: a number, or a word of letters that is not a stop or filler word. */
function isContent(t: Token): boolean {
  if (NUMBER.test(t.core)) return true;
  if (t.core.length < MIN_ANSWER_LENGTH || !PLAIN_WORD.test(t.core)) return false;
  return !isStopWord(t.lower) && !FILLER_WORDS.has(t.lower) && !NOT_A_FACT.has(t.lower);
}

function endingOf(lower: string): string {
  for (const e of ['ing', 'ed', 'ly']) if (lower.endsWith(e)) return e;
  return /[^su]s$/.test(lower) ? 's' : '';
}

/**
 * The transcript's sentences: each turn (dialogue block) split at its sentence ends, each
 * word kept with its own times; a sentence longer than MAX_WORDS is cut into equal parts.
 */
function spansOf(words: readonly StoredWord[]): Span[] {
  const spans: Span[] = [];
  const push = (ws: StoredWord[], line: number) => {
    const head = ws[0];
    const tail = ws[ws.length - 1];
    if (!head || !tail) return;
    spans.push({
      text: ws.map((w) => w.word).join(' '),
      speaker: head.speaker,
      start: head.start,
      end: tail.end,
      line,
      index: spans.length,
      tokens: ws.map((w, i) => tokenOf(w, i === 0)),
    });
  };
  dialogueBlocks(words, {}).forEach((block, line) => {
    const [from, to] = block.wordRange;
    const ws = words.slice(from, to + 1);
    // The block's text is its words joined by one space: each word's offset in it.
    const offsets: number[] = [];
    let at = 0;
    for (const w of ws) {
      offsets.push(at);
      at += w.word.length + 1;
    }
    const pieces = splitSentences(block.text);
    const groups: StoredWord[][] = pieces.map(() => []);
    ws.forEach((w, i) => {
      const offset = offsets[i] ?? 0;
      let p = 0;
      while (p + 1 < pieces.length && (pieces[p + 1]?.offset ?? Infinity) <= offset) p++;
      groups[p]?.push(w);
    });
    for (const group of groups) {
      const parts = Math.ceil(group.length / MAX_WORDS);
      const size = Math.ceil(group.length / Math.max(1, parts));
      for (let k = 0; k < group.length; k += size) push(group.slice(k, k + size), line);
    }
  });
  return spans;
}

/** Every content word of the transcript, by its lower-case form. */
function vocabularyOf(spans: readonly Span[]): Map<string, VocabEntry> {
  const vocab = new Map<string, VocabEntry>();
  // A word is a name when it is capitalised wherever it is not opening a sentence.
  const capitalised = new Map<string, { upper: string | null; lower: boolean }>();
  for (const span of spans) {
    for (const t of span.tokens) {
      if (!isContent(t)) continue;
      if (!t.opens) {
        const seen = capitalised.get(t.lower) ?? { upper: null, lower: false };
        if (/^\p{Lu}/u.test(t.core)) seen.upper ??= t.core;
        else seen.lower = true;
        capitalised.set(t.lower, seen);
      }
      const entry = vocab.get(t.lower);
      if (entry) entry.spans.add(span.index);
      else
        vocab.set(t.lower, {
          lower: t.lower,
          display: t.lower,
          stem: t.stem,
          kind: 'word',
          ending: endingOf(t.lower),
          spans: new Set([span.index]),
        });
    }
  }
  for (const entry of vocab.values()) {
    const caps = capitalised.get(entry.lower);
    if (NUMBER.test(entry.lower)) entry.kind = 'number';
    else if (caps?.upper && !caps.lower) {
      entry.kind = 'name';
      entry.display = caps.upper;
    }
  }
  return vocab;
}

/** FNV-1a: a seed from the sentence, so the options' order is fixed for a transcript. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Fisher–Yates with a small seeded generator (mulberry32). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** What the questions so far ask about: no word twice, few figures. */
interface Asked {
  stems: Set<string>;
  kinds: Map<Kind, number>;
}

interface Context {
  spans: Span[];
  vocab: Map<string, VocabEntry>;
  /** Sentences holding each stem, for the weight of a word in its sentence (its idf). */
  spansWith: Map<string, number>;
  durationSec: number;
}

/** Forms of one word the stemmer does not join: hear and heard, plan and planning. */
const sameWord = (a: VocabEntry, b: VocabEntry) =>
  a.stem === b.stem || a.lower.startsWith(b.stem) || b.lower.startsWith(a.stem);

/**
 * Up to three wrong options for an answer: content words of the same kind said elsewhere in
 * the video, never a form of the answer itself, closest in inflection and length first.
 */
function distractorsFor(answer: VocabEntry, span: Span, ctx: Context): VocabEntry[] {
  const rankOf = (v: VocabEntry) => [
    answer.kind !== 'word' || v.ending === answer.ending ? 0 : 1,
    v.spans.has(span.index) ? 1 : 0,
    Math.min(4, Math.abs(v.lower.length - answer.lower.length)),
    // Among equals, a seeded draw: each question gets its own, the same every time.
    hashOf(`${span.text}|${v.lower}`),
  ];
  const pool = [...ctx.vocab.values()]
    .filter((v) => v.kind === answer.kind && !sameWord(v, answer))
    .map((v) => ({ v, rank: rankOf(v) }))
    .sort((a, b) => {
      for (let i = 0; i < a.rank.length; i++) {
        const d = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    });
  const picked: VocabEntry[] = [];
  for (const { v } of pool) {
    if (picked.length === 3) break;
    if (!picked.some((p) => sameWord(p, v))) picked.push(v);
  }
  return picked;
}

/**
 * The sentence's question: its key content word blanked (highest tf-idf, names and numbers
 * first, words the recogniser was unsure of last), with at least two wrong options. Null when
 * no word of the sentence makes one, or only words another question already asks about.
 */
function questionFrom(span: Span, ctx: Context, asked: Asked): QuizDraftQuestion | null {
  const n = ctx.spans.length;
  const once = (t: Token) => span.tokens.filter((u) => u.lower === t.lower).length === 1;
  // A name or a figure is a fact worth asking, but a quiz of figures alone is not.
  const kindWeight = (v: VocabEntry) =>
    v.kind === 'word' ? 1 : 1.3 * 0.5 ** (asked.kinds.get(v.kind) ?? 0);
  const weight = (t: Token, v: VocabEntry) =>
    Math.log(1 + n / (ctx.spansWith.get(t.stem) ?? 1)) *
    (v.kind === 'number' ? 1 : Math.min(1, t.core.length / 7)) *
    kindWeight(v) *
    (t.confidence === null ? 1 : 0.5 + 0.5 * Math.min(1, Math.max(0, t.confidence)));
  const choices = span.tokens
    .map((t, i) => ({ t, i, v: ctx.vocab.get(t.lower) }))
    .filter(
      (c): c is { t: Token; i: number; v: VocabEntry } =>
        c.v !== undefined && isContent(c.t) && once(c.t) && !asked.stems.has(c.t.stem),
    )
    .sort((a, b) => weight(b.t, b.v) - weight(a.t, a.v) || a.i - b.i);
  for (const { t, i, v } of choices) {
    const wrong = distractorsFor(v, span, ctx);
    if (wrong.length < 2) continue;
    const blanked = span.tokens
      .map((u, j) => (j === i ? u.raw.replace(u.core, BLANK) : u.raw))
      .join(' ');
    const text = `Fill in the missing word: “${blanked}”`;
    if (text.length > QUIZ_LIMITS.text) return null;
    // The option as said in this sentence (a name keeps its capital).
    const right = v.kind === 'name' ? t.core : t.lower;
    const options = shuffled(
      [{ text: right, correct: true }, ...wrong.map((w) => ({ text: w.display, correct: false }))],
      hashOf(span.text),
    );
    asked.stems.add(t.stem);
    asked.kinds.set(v.kind, (asked.kinds.get(v.kind) ?? 0) + 1);
    return {
      text,
      kind: 'single',
      options,
      moment: { start: clampTo(span.start, ctx), end: clampTo(span.end, ctx) },
    };
  }
  return null;
}

const clampTo = (sec: number, ctx: Context) =>
  Math.round(Math.min(Math.max(0, sec), ctx.durationSec) * 100) / 100;

/**
 * Up to `count` questions from the transcript's words, in time order. Sentences are ranked by
 * TextRank centrality (how much of the video they relate to); the video is cut into `count`
 * equal stretches and each gets its best sentence, so the questions cover the whole video;
 * stretches without one leave their place to the next best sentences anywhere. Two questions
 * never come from neighbouring sentences. Empty when the transcript is too short to ask
 * anything.
 */
export function draftQuizLocally(
  words: readonly StoredWord[],
  durationSec: number,
  count: number,
): QuizDraftQuestion[] {
  const spans = spansOf(words);
  if (spans.length === 0) return [];
  const duration = durationSec > 0 ? durationSec : (spans[spans.length - 1]?.end ?? 0);
  const spansWith = new Map<string, number>();
  for (const s of spans) {
    for (const st of new Set(s.tokens.map((t) => t.stem))) {
      spansWith.set(st, (spansWith.get(st) ?? 0) + 1);
    }
  }
  const ctx: Context = { spans, vocab: vocabularyOf(spans), spansWith, durationSec: duration };
  const rank = centrality(tfidfVectors(spans));
  const top = Math.max(...rank) || 1;
  const candidates = spans
    .filter(
      (s) =>
        s.tokens.length >= MIN_WORDS && terms(s.text).length >= 2 && !isQuestionSentence(s.text),
    )
    .map((s) => ({
      s,
      score: ((rank[s.index] ?? 0) / top) * Math.min(1, terms(s.text).length / 6),
    }))
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index);

  const asked: Asked = { stems: new Set(), kinds: new Map() };
  const picked: { span: Span; question: QuizDraftQuestion }[] = [];
  const near = (s: Span) => picked.some((p) => Math.abs(p.span.index - s.index) < 2);
  const tryPick = (s: Span) => {
    if (picked.length >= count || near(s)) return false;
    const question = questionFrom(s, ctx, asked);
    if (question) picked.push({ span: s, question });
    return question !== null;
  };
  const stretch = duration / Math.max(1, count);
  for (let k = 0; k < count; k++) {
    const inStretch = candidates.filter(({ s }) => {
      const middle = (s.start + s.end) / 2;
      return Math.min(count - 1, Math.floor(middle / (stretch || 1))) === k;
    });
    for (const { s } of inStretch) if (tryPick(s)) break;
  }
  for (const { s } of candidates) {
    if (picked.length >= count) break;
    if (!picked.some((p) => p.span === s)) tryPick(s);
  }
  return picked.sort((a, b) => a.span.start - b.span.start).map((p) => p.question);
}
