/**
 * Personal data in a transcript, found over its words and masked (issue 14 item 9).
 *
 * Speech-to-text spreads one number over several words ("four one one one", "4111 1111",
 * "double five"), so detection works on runs of consecutive words, not on single tokens. The
 * set is deliberately small and every pattern carries a check that keeps ordinary numbers
 * (amounts, years, times) from being masked wherever a check exists:
 *
 * | kind        | what                                   | check                                    |
 * |-------------|----------------------------------------|------------------------------------------|
 * | email       | a@b.com, or spoken "a at b dot com"    | a domain ending in a known top-level one |
 * | card        | 13–19 digits (ISO/IEC 7812 lengths)    | Luhn checksum                            |
 * | national_id | US SSN (9 digits)                      | SSA rules: area ≠ 000/666/9xx, group ≠ 00, serial ≠ 0000 |
 * | national_id | UK National Insurance number AB123456C | HMRC prefix rules, suffix A–D            |
 * | national_id | Indian Aadhaar (12 digits)             | first digit 2–9, Verhoeff checksum       |
 * | phone       | 7–15 digits, optional leading +        | length only (E.164 allows at most 15)    |
 *
 * Phone numbers have no checksum, so any run of 7 or more spoken or written digits that is
 * nothing else is masked as one: a redaction that hides an order number is a lesser harm than
 * one that leaks a phone number. Numbers written with thousands separators (1,500,000) or a
 * decimal point are amounts and are left alone.
 */

export type PiiKind = 'email' | 'phone' | 'card' | 'national_id';

/** What a masked span reads as in the transcript, search, Zai and reports. */
export const PII_MASKS: Record<PiiKind, string> = {
  email: '[email]',
  phone: '[phone]',
  card: '[card number]',
  national_id: '[ID number]',
};

export interface PiiSpan {
  kind: PiiKind;
  /** Indices into the input words, inclusive. */
  from: number;
  to: number;
}

/** Any timed word: the transcript's StoredWord, the engine's Word, the pipeline's AttributedWord. */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** Spoken separators inside a number ("five five five dash one two"): part of the run. */
const SEPARATORS = new Set(['dash', 'hyphen', '-', '–', '/']);

/**
 * Top-level domains a spoken address must end in ("… at acme dot com"): the generic ones and
 * the country codes of the markets the product ships to. Without this list "look at that dot"
 * would read as an address.
 */
const SPOKEN_TLDS = new Set([
  ...['com', 'org', 'net', 'edu', 'gov', 'io', 'co', 'ai', 'app', 'dev', 'info', 'biz'],
  ...['uk', 'us', 'in', 'de', 'fr', 'es', 'it', 'nl', 'eu', 'ca', 'au', 'ie', 'ch', 'se'],
]);

/** The longest run of words examined as one number: a 19-digit card read digit by digit. */
const MAX_RUN_WORDS = 24;

/** "Four," → "four": what a word is without the punctuation engines put around it. */
const bare = (word: string): string =>
  word
    .toLowerCase()
    .replace(/^[("'[]+|[)"'\],.!?;:]+$/g, '')
    .trim();

const WRITTEN_EMAIL = /^[\w.+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
/** 1,500,000 or 3.5: an amount, not an identifier. */
const AMOUNT = /^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+\.\d+$/;

/**
 * What one word contributes to a number or code: digits, a letter (a single-letter word, for
 * spelled National Insurance prefixes), '+', '' for a separator, or null when the word ends
 * the run. "double"/"triple" repeat the next digit and are handled by the caller.
 */
function unitOf(word: string): string | null {
  const w = bare(word);
  if (w === '' || SEPARATORS.has(w)) return '';
  if (w in DIGIT_WORDS) return DIGIT_WORDS[w]!;
  if (w === 'plus' || w === '+') return '+';
  if (AMOUNT.test(w)) return null;
  // "555-1234", "(415)", "+44", "4111", "ab123456c", "qq"
  const compact = w.replace(/[-–()./\s]/g, '');
  if (/^\+?\d+$/.test(compact)) return compact;
  if (/^[a-z]{1,2}\d{6}[a-d]$/.test(compact) || /^[a-z]{1,2}$/.test(compact))
    return compact.toUpperCase();
  return null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Verhoeff's dihedral-group tables (J. Verhoeff, 1969), as UIDAI uses for Aadhaar.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

export function verhoeffValid(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d]!]!;
  }
  return c === 0;
}

/** The Social Security Administration's never-issued ranges rule these out. */
function ssnValid(d: string): boolean {
  const area = d.slice(0, 3);
  return (
    area !== '000' &&
    area !== '666' &&
    d[0] !== '9' &&
    d.slice(3, 5) !== '00' &&
    d.slice(5) !== '0000'
  );
}

/**
 * UK National Insurance number: two prefix letters (neither D, F, I, Q, U, V; the second not
 * O; BG, GB, KN, NK, NT, TN, ZZ never issued), six digits, suffix A–D (HMRC NIM39110).
 */
function niValid(code: string): boolean {
  const m = /^([A-Z]{2})\d{6}[A-D]$/.exec(code);
  if (!m) return false;
  const prefix = m[1]!;
  if (/[DFIQUV]/.test(prefix) || prefix[1] === 'O') return false;
  return !['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(prefix);
}

/** The kind of identifier `text` (a run's units joined) is, or null. */
function classify(text: string): PiiKind | null {
  if (niValid(text)) return 'national_id';
  const plus = text.startsWith('+');
  const digits = plus ? text.slice(1) : text;
  if (!/^\d+$/.test(digits)) return null;
  if (!plus && digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return 'card';
  if (!plus && digits.length === 12 && /^[2-9]/.test(digits) && verhoeffValid(digits))
    return 'national_id';
  if (!plus && digits.length === 9 && ssnValid(digits)) return 'national_id';
  if (digits.length >= 7 && digits.length <= 15) return 'phone';
  return null;
}

/** One word's part of a run: its characters, and whether it only separates ("dash"). */
interface Unit {
  text: string;
  separator: boolean;
}

/** Units of the words from `at` (one per word), until a word that is not part of a number. */
function runFrom(words: readonly TimedWord[], at: number): Unit[] {
  const units: Unit[] = [];
  for (let i = at; i < words.length && units.length < MAX_RUN_WORDS; i++) {
    const w = bare(words[i]!.word);
    const repeat = w === 'double' ? 2 : w === 'triple' ? 3 : 0;
    if (repeat > 0) {
      const next = i + 1 < words.length ? unitOf(words[i + 1]!.word) : null;
      if (!next || !/^\d$/.test(next)) break;
      // "double five": the digits belong to the second word, so a span may end there.
      units.push({ text: '', separator: false }, { text: next.repeat(repeat), separator: false });
      i++;
      continue;
    }
    const unit = unitOf(words[i]!.word);
    if (unit === null) break;
    units.push({ text: unit, separator: unit === '' });
  }
  return units;
}

/** Spoken address "john dot smith at acme dot co dot uk" ending at or after `at`. */
function spokenEmail(words: readonly TimedWord[], at: number): PiiSpan | null {
  if (bare(words[at]!.word) !== 'at' || at === 0) return null;
  const word = (i: number) => (i >= 0 && i < words.length ? bare(words[i]!.word) : '');
  const isName = (w: string) => /^[a-z0-9_-]+$/.test(w) && w !== 'dot' && w !== 'at';
  let end = at + 1;
  if (!isName(word(end))) return null;
  let tldSeen = false;
  while (word(end + 1) === 'dot' && isName(word(end + 2))) {
    end += 2;
    tldSeen = SPOKEN_TLDS.has(word(end));
  }
  if (!tldSeen) return null;
  let from = at - 1;
  if (!isName(word(from))) return null;
  while (['dot', 'underscore'].includes(word(from - 1)) && isName(word(from - 2))) from -= 2;
  return { kind: 'email', from, to: end };
}

/** Every identifier in the words, in order, none overlapping. */
export function findPii(words: readonly TimedWord[]): PiiSpan[] {
  const spans: PiiSpan[] = [];
  for (let i = 0; i < words.length;) {
    if (WRITTEN_EMAIL.test(bare(words[i]!.word))) {
      spans.push({ kind: 'email', from: i, to: i });
      i++;
      continue;
    }
    const email = spokenEmail(words, i);
    if (email && (spans.at(-1)?.to ?? -1) < email.from) {
      spans.push(email);
      i = email.to + 1;
      continue;
    }
    // A number that is no identifier is skipped whole: its tail is not one either.
    const { span, numericWords } = longestNumberAt(words, i);
    if (span) spans.push(span);
    i = span ? span.to + 1 : i + Math.max(1, numericWords);
  }
  return spans;
}

/**
 * The identifier starting at word `at`. A number is judged whole: its digits run up to the
 * first word that is not a digit (trailing separators dropped), and a run that fails every
 * check is not shortened into something that passes one, so a card number with a wrong
 * check digit is not half-masked as a phone number. Letters only take part in a National
 * Insurance number, tried at every length.
 */
function longestNumberAt(
  words: readonly TimedWord[],
  at: number,
): { span: PiiSpan | null; numericWords: number } {
  const units = runFrom(words, at);
  if (units.length === 0 || units[0]!.separator) return { span: null, numericWords: 0 };
  const numeric = (u: Unit) => u.separator || u.text === '' || /^\+?\d+$/.test(u.text);
  let end = 0;
  while (end < units.length && numeric(units[end]!)) end++;
  while (end > 0 && (units[end - 1]!.separator || units[end - 1]!.text === '')) end--;
  // Units are one per word, so a span of `n` units ends at word at + n - 1.
  const span = (kind: PiiKind, n: number): PiiSpan => ({ kind, from: at, to: at + n - 1 });
  const digits = units.slice(0, end).map((u) => u.text);
  if (end > 0 && !digits.slice(1).some((d) => d.includes('+'))) {
    const kind = classify(digits.join(''));
    if (kind) return { span: span(kind, end), numericWords: end };
  }
  for (let n = Math.min(units.length, 9); n > 0; n--) {
    if (
      niValid(
        units
          .slice(0, n)
          .map((u) => u.text)
          .join(''),
      )
    )
      return { span: span('national_id', n), numericWords: n };
  }
  return { span: null, numericWords: end };
}

export interface Redaction<W extends TimedWord> {
  /** The words with every span collapsed into one masked word (its first word's other fields). */
  words: W[];
  spans: PiiSpan[];
}

/**
 * Masks the identifiers in `words`. A span of several words becomes one word reading
 * PII_MASKS[kind] (with the last word's trailing punctuation) from the first word's start to
 * the last word's end, so nothing of the number survives in the text, its word count or its
 * per-word timing.
 */
export function redactWords<W extends TimedWord>(words: readonly W[]): Redaction<W> {
  const spans = findPii(words);
  if (spans.length === 0) return { words: [...words], spans };
  const out: W[] = [];
  let next = 0;
  for (const s of spans) {
    out.push(...words.slice(next, s.from));
    const first = words[s.from]!;
    const last = words[s.to]!;
    // The sentence's punctuation stays: it ends questions and search segments.
    const punctuation = /[.,!?;:…]+$/.exec(last.word)?.[0] ?? '';
    out.push({ ...first, word: PII_MASKS[s.kind] + punctuation, end: last.end });
    next = s.to + 1;
  }
  out.push(...words.slice(next));
  return { words: out, spans };
}
