import { describe, expect, it } from 'vitest';
import { findPii, luhnValid, redactWords, verhoeffValid, type TimedWord } from './pii.js';

/** Words as an engine gives them: one per token, 0.4 s each, with a speaker. */
function spoken(text: string): (TimedWord & { speaker: string })[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({
      word,
      start: i * 0.4,
      end: i * 0.4 + 0.35,
      speaker: 'speaker_00',
    }));
}
const text = (words: readonly TimedWord[]) => words.map((w) => w.word).join(' ');
const masked = (t: string) => text(redactWords(spoken(t)).words);

describe('PII redaction over transcript words', () => {
  it('masks a phone number read digit by digit, as pocketsphinx writes it', () => {
    expect(
      masked('yeah you can reach me on four one five five five five two six seven one any time'),
    ).toBe('yeah you can reach me on [phone] any time');
  });

  it('masks grouped and international phone numbers as whisper writes them', () => {
    expect(masked('Call me on 415-555-2671, or the office, +44 20 7946 0958.')).toBe(
      'Call me on [phone], or the office, [phone].',
    );
    expect(masked('it is oh seven seven double oh nine triple one two three okay')).toBe(
      'it is [phone] okay',
    );
  });

  it('masks a Luhn-valid card number, spoken or written, and not a 16-digit number failing Luhn', () => {
    expect(masked('the card is 4111 1111 1111 1111 expiry next May')).toBe(
      'the card is [card number] expiry next May',
    );
    expect(
      masked(
        'my card number is five five five five five five five five five five five five four four four four thanks',
      ),
    ).toBe('my card number is [card number] thanks');
    // 16 digits failing Luhn are longer than any phone number (E.164: 15): not masked as either.
    expect(masked('reference 4111 1111 1111 1112 please')).toBe(
      'reference 4111 1111 1111 1112 please',
    );
  });

  it('masks national ID numbers with their checks: SSN, UK NI, Aadhaar (Verhoeff)', () => {
    expect(masked('my social is 123-45-6789 right')).toBe('my social is [ID number] right');
    expect(masked('national insurance AB 12 34 56 C yes')).toBe(
      'national insurance [ID number] yes',
    );
    expect(verhoeffValid('234123412346')).toBe(true);
    expect(masked('aadhaar 2341 2341 2346 done')).toBe('aadhaar [ID number] done');
    // Never-issued SSN area (000) is not an SSN; at 9 digits it is still phone-length.
    expect(findPii(spoken('code 000-12-3456'))).toEqual([{ kind: 'phone', from: 1, to: 1 }]);
  });

  it('masks e-mail addresses written or spoken, and not "at" in ordinary speech', () => {
    expect(masked('send it to jane.doe@acme.co.uk today')).toBe('send it to [email] today');
    expect(masked('write to jane dot doe at acme dot com and copy me')).toBe(
      'write to [email] and copy me',
    );
    expect(masked('look at the slide dot points at the end')).toBe(
      'look at the slide dot points at the end',
    );
  });

  it('leaves amounts, years, times and short numbers alone', () => {
    const ordinary =
      'we closed 1,500,000 in 2023 at 3.5 percent growth, meet at 10 30 with 25 people on two calls';
    expect(masked(ordinary)).toBe(ordinary);
  });

  it('collapses a span into one word that keeps the first word’s speaker and the span’s times', () => {
    const words = spoken('call four one five five five five two six seven one now');
    const r = redactWords(words);
    expect(r.spans).toEqual([{ kind: 'phone', from: 1, to: 10 }]);
    expect(r.words).toHaveLength(3);
    expect(r.words[1]).toEqual({
      word: '[phone]',
      start: words[1]!.start,
      end: words[10]!.end,
      speaker: 'speaker_00',
    });
    // The input is not changed.
    expect(words[1]!.word).toBe('four');
  });

  it('checks the Luhn and Verhoeff sums', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(verhoeffValid('2363')).toBe(true); // Verhoeff's worked example: 236 → check 3
    expect(verhoeffValid('2364')).toBe(false);
  });
});
