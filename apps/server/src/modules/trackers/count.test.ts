import { describe, expect, it } from 'vitest';
import { countTrackers, saysToken, sidesOf, tokensOf, type CountedWord } from './count.js';

/**
 * A discovery call as the speech step stores it: one word per entry with its punctuation, in
 * the speaker's case, speaker_00 the seller and speaker_01 the buyer.
 */
function call(lines: [speaker: string, text: string][]): CountedWord[] {
  const words: CountedWord[] = [];
  let t = 0;
  for (const [speaker, text] of lines) {
    for (const word of text.split(' ')) {
      words.push({ word, start: t, end: t + 0.4, speaker });
      t += 0.5;
    }
    t += 1;
  }
  return words;
}

const WORDS = call([
  ['speaker_00', 'Thanks for joining. How are you handling call notes today?'],
  [
    'speaker_01',
    'Mostly by hand. We looked at Gong, and Chorus.ai too, but the pricing was steep.',
  ],
  ['speaker_00', "Understood. Our pricing is per seat; Gong's is per platform fee."],
  ['speaker_01', 'Before anything, our Security-Review board needs the SOC 2 report.'],
  ['speaker_00', 'Of course. I will send the security review pack and our SOC2 letter.'],
  ['speaker_01', 'And competitors? Do you compare with other competitor tools?'],
]);

const TRACKERS = [
  { id: 'competitors', phrases: ['Gong', 'Chorus.ai', 'competitor'] },
  { id: 'pricing', phrases: ['pricing', 'price', 'per seat'] },
  { id: 'security', phrases: ['security review', 'security', 'SOC 2'] },
];

const unknown = () => 'unknown' as const;
const said = (hits: ReturnType<typeof countTrackers>, id: string) =>
  hits
    .filter((h) => h.trackerId === id)
    .map((h) =>
      WORDS.slice(h.wordStart, h.wordEnd + 1)
        .map((w) => w.word)
        .join(' '),
    );

describe('countTrackers', () => {
  const hits = countTrackers(WORDS, TRACKERS, unknown);

  it('finds competitors whatever the punctuation, case and possessive', () => {
    expect(said(hits, 'competitors')).toEqual([
      'Gong,',
      'Chorus.ai',
      "Gong's",
      'competitors?',
      'competitor',
    ]);
  });

  it('matches multi-word phrases across words, and not a word inside another', () => {
    // "per seat;" is a phrase over two words; "price" does not match inside "pricing".
    expect(said(hits, 'pricing')).toEqual(['pricing', 'pricing', 'per seat;']);
  });

  it('counts the longest phrase once, including one hyphenated into a single word', () => {
    expect(said(hits, 'security')).toEqual(['Security-Review', 'SOC 2', 'security review']);
    // "SOC2" written as one token is not "SOC 2": whole words only.
    expect(hits.some((h) => WORDS[h.wordStart]?.word === 'SOC2')).toBe(false);
  });

  it('keeps the words’ times and the first word’s speaker', () => {
    const review = hits.find((h) => h.phrase === 'security review' && h.wordEnd > h.wordStart);
    expect(review).toBeDefined();
    const first = WORDS[review?.wordStart ?? -1];
    const last = WORDS[review?.wordEnd ?? -1];
    expect(review).toMatchObject({
      start: first?.start,
      end: last?.end,
      speaker: 'speaker_00',
      side: 'unknown',
    });
  });

  it('returns hits in time order and gives each its side', () => {
    const sided = countTrackers(WORDS, TRACKERS, (s) => (s === 'speaker_00' ? 'ours' : 'theirs'));
    expect(sided.map((h) => h.start)).toEqual([...sided.map((h) => h.start)].sort((a, b) => a - b));
    const bySide = (side: string) => sided.filter((h) => h.side === side).length;
    expect(bySide('ours')).toBe(4);
    expect(bySide('theirs')).toBe(7);
  });

  it('counts nothing for a tracker whose phrases are all punctuation, or an empty transcript', () => {
    expect(countTrackers(WORDS, [{ id: 'x', phrases: ['?!', '--'] }], unknown)).toEqual([]);
    expect(countTrackers([], TRACKERS, unknown)).toEqual([]);
  });
});

describe('tokens and word forms', () => {
  it('splits at punctuation but keeps apostrophes inside words', () => {
    expect(tokensOf('“Acme’s” follow-up, e.g. SOC-2!')).toEqual([
      "acme's",
      'follow',
      'up',
      'e',
      'g',
      'soc',
      '2',
    ]);
  });

  it('accepts regular plurals and possessives, nothing looser', () => {
    expect(saysToken('competitors', 'competitor')).toBe(true);
    expect(saysToken("competitors'", 'competitor')).toBe(true);
    expect(saysToken('boxes', 'box')).toBe(true);
    expect(saysToken('policies', 'policy')).toBe(true);
    expect(saysToken("ai's", 'ai')).toBe(true);
    expect(saysToken('as', 'a')).toBe(false);
    expect(saysToken('competitive', 'competitor')).toBe(false);
    expect(saysToken('pricing', 'price')).toBe(false);
  });
});

describe('sidesOf', () => {
  const members = [
    { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.example' },
    { firstName: 'Sam', lastName: 'Lee', email: 'sam@acme.example' },
    { firstName: 'Sam', lastName: 'Lee', email: 'sam.lee@acme.example' },
  ];
  const speakers = ['speaker_00', 'speaker_01', 'speaker_02', 'speaker_03', 'speaker_04'];

  it('takes a member’s full name or e-mail as ours, and guesses nothing else', () => {
    const sides = sidesOf(
      speakers,
      {
        speaker_00: '  ada   LOVELACE ',
        speaker_01: 'Buyer Bob',
        // Two members are called Sam Lee: which one is not known, so neither is the side.
        speaker_02: 'Sam Lee',
        speaker_03: 'sam.lee@acme.example',
      },
      members,
      [],
    );
    expect(Object.fromEntries(sides)).toEqual({
      speaker_00: 'ours',
      speaker_01: 'unknown',
      speaker_02: 'unknown',
      speaker_03: 'ours',
      speaker_04: 'unknown',
    });
  });

  it('takes a verified participant’s e-mail over the name', () => {
    const sides = sidesOf(speakers, { speaker_00: 'Ada Lovelace' }, members, [
      { speaker: 'speaker_00', email: 'buyer@customer.example' },
      { speaker: 'speaker_01', email: 'ADA@acme.example' },
      { speaker: 'speaker_02', email: 'buyer@customer.example' },
      { speaker: 'speaker_02', email: 'sam@acme.example' },
    ]);
    expect(sides.get('speaker_00')).toBe('theirs');
    expect(sides.get('speaker_01')).toBe('ours');
    expect(sides.get('speaker_02')).toBe('unknown');
  });
});
