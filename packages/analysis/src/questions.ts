// Questions asked, found in timed words. pocketsphinx gives no punctuation, so besides a
// trailing '?' (whisper and remote engines give one) questions are recognised by the shape
// of English questions: a wh-word or an inverted auxiliary at the start of a clause, or a
// tag at its end.

export interface QuestionWord {
  word: string;
  start: number;
  end: number;
  speaker: string;
}

export interface Question {
  text: string;
  start: number;
  end: number;
  speaker: string;
}

/** A pause this long (seconds) ends an utterance when the engine gives no punctuation. */
const PAUSE_SEC = 0.6;

const WH = new Set(['what', 'why', 'how', 'when', 'where', 'who', 'whom', 'whose', 'which']);
const AUX = new Set([
  'do',
  'does',
  'did',
  'can',
  'could',
  'would',
  'will',
  'shall',
  'should',
  'is',
  'are',
  'was',
  'were',
  'am',
  'have',
  'has',
  'had',
  'may',
  'might',
  'must',
  'dont',
  'doesnt',
  'didnt',
  'cant',
  'couldnt',
  'wouldnt',
  'wont',
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'havent',
  'hasnt',
  'shouldnt',
]);
/** Subjects that follow an inverted auxiliary ("can we", "is it", "would you"). */
const SUBJECT = new Set([
  'i',
  'you',
  'we',
  'he',
  'she',
  'it',
  'they',
  'there',
  'this',
  'that',
  'these',
  'those',
  'anyone',
  'anybody',
  'someone',
  'somebody',
  'everyone',
  'your',
  'our',
  'their',
  'his',
  'her',
  'my',
  'the',
]);
/** Words that may open a clause before the question proper ("so what …", "okay can we …"). */
const LEAD_IN = new Set([
  'so',
  'and',
  'but',
  'well',
  'okay',
  'ok',
  'oh',
  'um',
  'uh',
  'now',
  'then',
]);
/** Negative auxiliaries of tag questions ("…, isn't it", "…, don't you"). */
const TAG_AUX = new Set([
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'dont',
  'doesnt',
  'didnt',
  'wont',
  'wouldnt',
  'cant',
  'couldnt',
  'havent',
  'hasnt',
  'shouldnt',
]);
const TAG_SUBJECT = new Set(['i', 'you', 'we', 'he', 'she', 'it', 'they', 'there']);

/** Lower case, apostrophes and punctuation removed: "Isn't" → "isnt". */
const norm = (w: string): string =>
  w
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A wh-word opens a question when an auxiliary follows within three words before any subject
 * ("what can I say", "what time is it", "who is coming"); with a subject first it opens a
 * statement ("what I did was…", "when I was young"). "how about", "what about", "why not"
 * ask without a verb.
 */
function whQuestion(words: readonly string[], i: number): boolean {
  const next = words[i + 1];
  if (next === 'about' || (words[i] === 'why' && next === 'not')) return true;
  for (let j = i + 1; j <= i + 3 && j < words.length; j++) {
    if (AUX.has(words[j]!)) return true;
    if (SUBJECT.has(words[j]!)) return false;
  }
  return false;
}

/** Where a question starts inside a clause (index into `words`), or -1. */
function questionStart(words: readonly string[]): number {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (WH.has(w) && whQuestion(words, i)) return i;
    if (AUX.has(w) && next !== undefined && SUBJECT.has(next)) return i;
    // Only lead-in words may come before the question word in the same clause.
    if (!LEAD_IN.has(w)) {
      // A new clause after a conjunction can still be a question ("…, so what can I say").
      const rest = words.slice(i + 1);
      const at = rest.findIndex((x, j) => (x === 'so' || x === 'but') && j + 1 < rest.length);
      if (at < 0) return -1;
      const inner = questionStart(rest.slice(at + 1));
      return inner < 0 ? -1 : i + 1 + at + 1 + inner;
    }
  }
  return -1;
}

/** A tag at the end: "…isn't it", "…don't you", "…right" (not "all right"). */
function hasTag(words: readonly string[]): boolean {
  const n = words.length;
  if (n >= 4 && TAG_AUX.has(words[n - 2]!) && TAG_SUBJECT.has(words[n - 1]!)) return true;
  return n >= 4 && words[n - 1] === 'right' && words[n - 2] !== 'all';
}

/**
 * Splits words into utterances: at a change of speaker, at a pause of PAUSE_SEC or more,
 * and after a word that ends with . ? or ! when the engine punctuates.
 */
function utterances<W extends QuestionWord>(words: readonly W[]): W[][] {
  const out: W[][] = [];
  let current: W[] = [];
  words.forEach((w, i) => {
    const prev = words[i - 1];
    if (
      prev &&
      (prev.speaker !== w.speaker ||
        w.start - prev.end >= PAUSE_SEC ||
        /[.?!]["”’)]*$/.test(prev.word))
    ) {
      if (current.length) out.push(current);
      current = [];
    }
    current.push(w);
  });
  if (current.length) out.push(current);
  return out;
}

/** Questions in timed words, each with its speaker and the time it was asked. */
export function findQuestions(words: readonly QuestionWord[]): Question[] {
  const punctuated = words.some((w) => /[.?!,]/.test(w.word));
  const out: Question[] = [];
  for (const u of utterances(words)) {
    const plain = u.map((w) => norm(w.word));
    let from = -1;
    if (/\?["”’)]*$/.test(u[u.length - 1]!.word)) from = 0;
    // With punctuation a statement ends in '.', so the patterns only decide unpunctuated text.
    else if (!punctuated || !/[.!]["”’)]*$/.test(u[u.length - 1]!.word)) {
      from = questionStart(plain);
      if (from < 0 && hasTag(plain)) from = 0;
    }
    if (from < 0) continue;
    const asked = u.slice(from);
    out.push({
      text: asked.map((w) => w.word).join(' '),
      start: asked[0]!.start,
      end: asked[asked.length - 1]!.end,
      speaker: asked[0]!.speaker,
    });
  }
  return out;
}

/** Questions asked per speaker (every speaker with turns appears, with 0 if none). */
export function questionsPerSpeaker(
  questions: readonly Question[],
  speakers: Iterable<string>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of speakers) out[s] = 0;
  for (const q of questions) out[q.speaker] = (out[q.speaker] ?? 0) + 1;
  return out;
}
