import type { TrackerSide } from '@parley/contracts';

/** A transcript word as the speech step stores it. */
export interface CountedWord {
  word: string;
  start: number;
  end: number;
  speaker: string;
}

export interface TrackerPhrases {
  id: string;
  phrases: readonly string[];
}

/** One mention of a tracker: the words it spans (indices inclusive) and who said it. */
export interface CountedHit {
  trackerId: string;
  phrase: string;
  start: number;
  end: number;
  wordStart: number;
  wordEnd: number;
  speaker: string;
  side: TrackerSide;
}

/**
 * The tokens of a text as phrases are matched: lower case, split at anything that is not a
 * letter, a digit or an apostrophe inside a word. So "Pricing," is "pricing", "follow-up" is
 * "follow up", and "Acme’s" is "acme's"; punctuation never decides a match.
 */
export function tokensOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((t) => t.replace(/^'+|'+$/g, ''))
    .filter((t) => t !== '');
}

/**
 * Whether a transcript token says the phrase's token. Besides the same token, the regular
 * English plural and possessive of it: "competitor" finds "competitors", "competitor's" and
 * "competitors'"; "box" finds "boxes"; "policy" finds "policies". Only for tokens of three
 * letters or more, so "a" never finds "as"; irregular plurals are the tracker's own phrases.
 */
export function saysToken(spoken: string, token: string): boolean {
  if (spoken === token) return true;
  const forms = [`${token}'s`, `${token}'`];
  if (token.length >= 3) {
    const plural = /(s|x|z|ch|sh)$/.test(token)
      ? `${token}es`
      : /[^aeiou]y$/.test(token)
        ? `${token.slice(0, -1)}ies`
        : `${token}s`;
    forms.push(plural, `${plural}'`);
  }
  return forms.includes(spoken);
}

interface Token {
  text: string;
  /** The transcript word it came from. */
  word: number;
}

/**
 * Every mention of every tracker in a transcript's words. A phrase matches whole words in a
 * row, across word boundaries ("security review" over two words, or one word "security-review"),
 * case and punctuation aside. Within one tracker the longest phrase starting at a word wins and
 * the next mention starts after it, so "security review" is one mention, not also "security".
 * Trackers are counted independently: one sentence may mention two. The speaker is the first
 * word's; `sideOf` says whose side that speaker is on.
 */
export function countTrackers(
  words: readonly CountedWord[],
  trackers: readonly TrackerPhrases[],
  sideOf: (speaker: string) => TrackerSide,
): CountedHit[] {
  const tokens: Token[] = words.flatMap((w, word) =>
    tokensOf(w.word).map((text) => ({ text, word })),
  );
  const hits: CountedHit[] = [];
  for (const tracker of trackers) {
    const phrases = tracker.phrases
      .map((phrase) => ({ phrase, tokens: tokensOf(phrase) }))
      .filter((p) => p.tokens.length > 0)
      // Longest first, so the first phrase that matches at a position is the longest there.
      .sort((a, b) => b.tokens.length - a.tokens.length);
    let i = 0;
    while (i < tokens.length) {
      const found = phrases.find((p) =>
        p.tokens.every((t, k) => {
          const spoken = tokens[i + k];
          return spoken !== undefined && saysToken(spoken.text, t);
        }),
      );
      const first = tokens[i];
      const last = found && tokens[i + found.tokens.length - 1];
      if (!found || !first || !last) {
        i += 1;
        continue;
      }
      const head = words[first.word];
      const tail = words[last.word];
      if (head && tail) {
        hits.push({
          trackerId: tracker.id,
          phrase: found.phrase,
          start: head.start,
          end: tail.end,
          wordStart: first.word,
          wordEnd: last.word,
          speaker: head.speaker,
          side: sideOf(head.speaker),
        });
      }
      i += found.tokens.length;
    }
  }
  return hits.sort((a, b) => a.start - b.start || a.trackerId.localeCompare(b.trackerId));
}

/** A member of the organisation, as a speaker's name may give them. */
export interface Member {
  firstName: string;
  lastName: string;
  email: string;
}

/** A participant the biometric check verified in the meeting, and the speaker it found them to be. */
export interface VerifiedSpeaker {
  speaker: string;
  email: string;
}

const plain = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Which side each speaker is on, from what Parley knows and nothing else:
 *
 * - A participant the biometric check verified as this speaker: 'ours' when their e-mail is a
 *   member's, 'theirs' otherwise (a known person from outside the organisation). Two verified
 *   participants on different sides for one speaker say nothing: 'unknown'.
 * - Otherwise a speaker whose name (the meeting's additionalDetails) is exactly one member's
 *   full name or e-mail, case and spacing aside: 'ours'. A name matching nobody is not taken to
 *   be an outsider (a member may be named by a nickname).
 * - Anyone else: 'unknown'.
 */
export function sidesOf(
  speakers: readonly string[],
  names: Record<string, string>,
  members: readonly Member[],
  verified: readonly VerifiedSpeaker[],
): Map<string, TrackerSide> {
  const emails = new Set(members.map((m) => plain(m.email)));
  const byName = new Map<string, number>();
  for (const m of members) {
    for (const key of new Set([plain(`${m.firstName} ${m.lastName}`), plain(m.email)])) {
      if (key) byName.set(key, (byName.get(key) ?? 0) + 1);
    }
  }
  const sides = new Map<string, TrackerSide>();
  for (const speaker of speakers) {
    const seen = new Set(
      verified
        .filter((v) => v.speaker === speaker)
        .map((v): TrackerSide => (emails.has(plain(v.email)) ? 'ours' : 'theirs')),
    );
    if (seen.size > 0) {
      sides.set(speaker, seen.size > 1 ? 'unknown' : seen.has('ours') ? 'ours' : 'theirs');
      continue;
    }
    const name = names[speaker];
    sides.set(speaker, name && byName.get(plain(name)) === 1 ? 'ours' : 'unknown');
  }
  return sides;
}
