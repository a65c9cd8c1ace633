/**
 * Names a call's recorded speakers after its participants. The live transcript knows who spoke
 * when (each participant's audio arrives on its own stream); the offline analysis of the
 * recording finds voices by diarisation and calls them speaker_00, speaker_01…. Matching the
 * two by time gives each voice the name of the participant who was speaking during its turns.
 */

/** A diarised turn of the recording, in seconds from its start. */
export interface RecordedTurn {
  speaker: string;
  start: number;
  end: number;
}

/** A participant's final live segment, in seconds from the live session's start. */
export interface LiveSpan {
  speakerName: string;
  startSec: number;
  endSec: number;
}

/**
 * The recording and the live session start a moment apart (the bot starts both, not at the
 * same instant); the shift that lines up most speech is searched within this range.
 */
const MAX_SHIFT_SEC = 5;
const SHIFT_STEP_SEC = 0.25;
/** A name is given only when its participant spoke through most of the voice's matched time… */
const MIN_SHARE = 0.6;
/** …and clearly more than anyone else did. */
const MIN_LEAD = 2;
/** Less matched speech than this is too little to name a voice by. */
const MIN_MATCHED_SEC = 2;

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** Seconds of speech the two share when live times are moved by `shift`. */
function sharedSpeech(turns: readonly RecordedTurn[], spans: readonly LiveSpan[], shift: number) {
  let total = 0;
  for (const t of turns) {
    for (const s of spans) total += overlap(t.start, t.end, s.startSec + shift, s.endSec + shift);
  }
  return total;
}

/** The shift of the live times onto the recording's that lines up the most speech. */
export function bestShift(turns: readonly RecordedTurn[], spans: readonly LiveSpan[]): number {
  let best = 0;
  let bestShared = sharedSpeech(turns, spans, 0);
  for (let shift = -MAX_SHIFT_SEC; shift <= MAX_SHIFT_SEC + 1e-9; shift += SHIFT_STEP_SEC) {
    const shared = sharedSpeech(turns, spans, shift);
    // Ties keep the smaller shift: no evidence for moving further.
    if (
      shared > bestShared + 1e-9 ||
      (Math.abs(shared - bestShared) <= 1e-9 && Math.abs(shift) < Math.abs(best))
    ) {
      best = shift;
      bestShared = shared;
    }
  }
  return best;
}

/**
 * Each voice's name, for the voices one participant clearly spoke for; a voice the live
 * transcript does not settle stays unnamed rather than guessed. Nameless live segments (a
 * participant without a name) name nothing.
 */
export function namesFromLiveSpeech(
  turns: readonly RecordedTurn[],
  spans: readonly LiveSpan[],
): Record<string, string> {
  const named = spans.filter((s) => s.speakerName.trim() !== '');
  if (turns.length === 0 || named.length === 0) return {};
  const shift = bestShift(turns, named);
  const byVoice = new Map<string, Map<string, number>>();
  for (const t of turns) {
    const people = byVoice.get(t.speaker) ?? new Map<string, number>();
    byVoice.set(t.speaker, people);
    for (const s of named) {
      const shared = overlap(t.start, t.end, s.startSec + shift, s.endSec + shift);
      if (shared > 0) people.set(s.speakerName, (people.get(s.speakerName) ?? 0) + shared);
    }
  }
  const names: Record<string, string> = {};
  for (const [voice, people] of byVoice) {
    const ranked = [...people.entries()].sort((a, b) => b[1] - a[1]);
    const matched = ranked.reduce((sum, [, sec]) => sum + sec, 0);
    const [first, second] = ranked;
    if (!first || matched < MIN_MATCHED_SEC) continue;
    if (first[1] / matched < MIN_SHARE) continue;
    if (second && first[1] < MIN_LEAD * second[1]) continue;
    names[voice] = first[0].trim();
  }
  return names;
}
