import { words } from '../prompt/text.js';
import type { TranscriptLine } from '../types.js';
import {
  ABSOLUTIST,
  HEDGES,
  INCLUSIVE_PRONOUNS,
  isTechnicalToken,
  SELF_PRONOUNS,
} from './lexicon.js';
import {
  band,
  clamp,
  countMatches,
  countWordsIn,
  fmt,
  insight,
  linesRankedBy,
  per100,
  speakerView,
  weightedScore,
  type Insight,
  type ScoreBody,
  type Scored,
  type SpeakerView,
} from './scoring.js';
import { countFillers, lexiconSentiment, type MeasuredSignals } from './signals.js';
import type { RubricCategory } from './tasks.js';
import { alerts } from './alerts.js';

const TITLES: Record<RubricCategory, string> = {
  technical: 'Technical Score',
  communication: 'Communication Score',
  behavioral: 'Behavioral Score',
  alerts: 'Alerts',
};

/** Rubric scores (0-100) computed from measured conversation signals; see each function. */
export function scoreRubric(
  category: RubricCategory,
  lines: TranscriptLine[],
  m: MeasuredSignals,
  speaker: string | null,
): Scored {
  const ctx = speakerView(lines, m, speaker ?? '');
  const result =
    category === 'technical'
      ? technical(ctx)
      : category === 'communication'
        ? communication(ctx)
        : category === 'behavioral'
          ? behavioral(ctx)
          : alerts(ctx);
  return { title: TITLES[category], speaker: category === 'alerts' ? null : speaker, ...result };
}

/** Pace, filler use, monologue length, share of talk time and questions asked. */
function communication({ lines, m, s, wordTotal, firstLine, longest }: SpeakerView): ScoreBody {
  const wpm = m.wordsPerMinute[s] ?? 0;
  const fillerRate = per100(m.fillerWords[s] ?? 0, wordTotal);
  const monologue = m.longestMonologueSec[s] ?? 0;
  const totalTalk = Object.values(m.talkTimeSec).reduce((a, b) => a + b, 0) || 1;
  const share = (m.talkTimeSec[s] ?? 0) / totalTalk;
  const questions = m.questionsAsked[s] ?? 0;
  const parts = [
    { value: band(wpm, 120, 160, 60), weight: 0.25 },
    { value: clamp(100 - (fillerRate - 2) * 12.5), weight: 0.25 },
    { value: band(monologue, 0, 90, 210), weight: 0.15 },
    { value: m.speakers.length > 1 ? band(share, 0.35, 0.75, 0.35) : 70, weight: 0.2 },
    { value: questions > 0 ? Math.min(100, 60 + 20 * questions) : 40, weight: 0.15 },
  ];
  const pace = wpm < 120 ? 'below' : wpm > 160 ? 'above' : 'inside';
  const insights: Insight[] = [
    insight(
      `Speaking rate ${fmt(wpm, 0)} words/min, ${pace} the clear 120-160 range.`,
      lines,
      longest,
      1,
    ),
    insight(
      `Filler words: ${m.fillerWords[s] ?? 0} (${fmt(fillerRate)} per 100 words; under 2 reads as fluent).`,
      lines,
      (m.fillerLines[s] ?? []).length ? linesRankedBy(lines, s, countFillers) : firstLine,
    ),
    insight(
      `Longest uninterrupted stretch ${fmt(monologue)} s (over 90 s loses listeners).`,
      lines,
      longest,
      1,
    ),
    insight(
      `Share of talk time ${fmt(share * 100, 0)} % of ${fmt(totalTalk / 60)} min spoken.`,
      lines,
      firstLine,
      1,
    ),
    insight(
      `Questions asked: ${questions}.`,
      lines,
      (m.questionLines[s] ?? []).length ? (m.questionLines[s] ?? []) : firstLine,
    ),
  ];
  const tags = [
    pace === 'inside' ? 'clear pace' : pace === 'above' ? 'fast talker' : 'slow pace',
    fillerRate > 5 ? 'filler-heavy' : fillerRate <= 2 ? 'fluent' : '',
    monologue > 90 ? 'long monologues' : 'concise',
    questions > 0 ? 'asks questions' : '',
  ];
  return weightedScore(
    parts,
    insights,
    tags,
    'Communication from measured pace, fillers, monologue length, talk-time share and questions.',
  );
}

/** Moving-average type-token ratio (window 50): vocabulary variety independent of length. */
function mattr(ws: string[], window = 50): number {
  if (ws.length === 0) return 0;
  if (ws.length <= window) return new Set(ws).size / ws.length;
  let sum = 0;
  let n = 0;
  for (let i = 0; i + window <= ws.length; i += 10, n++)
    sum += new Set(ws.slice(i, i + window)).size / window;
  return sum / n;
}

const technicalCount = (t: string) =>
  (t.match(/[\p{L}\p{N}_.%]+/gu) ?? []).filter(isTechnicalToken).length;
const numberCount = (t: string) => (t.match(/\b\d+(?:[.,]\d+)?\b/g) ?? []).length;

/** Technical vocabulary density, vocabulary variety, specificity (numbers), confidence, elaboration. */
function technical({ lines, s, text, wordTotal, firstLine, longest }: SpeakerView): ScoreBody {
  const ws = words(text);
  const tech = technicalCount(text);
  const density = per100(tech, wordTotal);
  const variety = mattr(ws);
  const numbers = numberCount(text);
  const hedgeRate = per100(countMatches(text, HEDGES), wordTotal);
  const sentences = text.split(/[.!?]+/).filter((x) => x.trim()).length || 1;
  const meanLength = wordTotal / sentences;
  const parts = [
    { value: clamp(density * 25), weight: 0.35 },
    { value: clamp(((variety - 0.45) / 0.3) * 100), weight: 0.25 },
    { value: clamp(per100(numbers, wordTotal) * 50), weight: 0.15 },
    { value: clamp(100 - hedgeRate * 15), weight: 0.15 },
    { value: band(meanLength, 10, 25, 10), weight: 0.1 },
  ];
  const techLines = linesRankedBy(lines, s, technicalCount);
  const insights = [
    insight(
      `Technical terms: ${tech} (${fmt(density)} per 100 words; 4 or more reads as technical).`,
      lines,
      techLines.length ? techLines : firstLine,
    ),
    insight(`Vocabulary variety (moving type-token ratio) ${fmt(variety, 2)}.`, lines, longest, 1),
    insight(
      `Concrete figures mentioned: ${numbers}.`,
      lines,
      linesRankedBy(lines, s, numberCount).concat(firstLine),
    ),
    insight(
      `Hedges ("I think", "maybe"...): ${fmt(hedgeRate)} per 100 words.`,
      lines,
      linesRankedBy(lines, s, (t) => countMatches(t, HEDGES)).concat(firstLine),
    ),
    insight(`Average sentence length ${fmt(meanLength)} words.`, lines, longest, 1),
  ];
  const tags = [
    density >= 4
      ? 'technical vocabulary'
      : density < 1
        ? 'little technical content'
        : 'some technical terms',
    hedgeRate > 3 ? 'hedging' : 'assertive',
    numbers > 0 ? 'specific' : '',
  ];
  return weightedScore(
    parts,
    insights,
    tags,
    'Technical from term density, vocabulary variety, figures, hedging and elaboration (cues, not a test of knowledge).',
  );
}

/** Tone, collaboration (we vs I), interruptions made, courtesy and absolutist language. */
function behavioral({ lines, m, s, text, wordTotal, firstLine }: SpeakerView): ScoreBody {
  const sentiment = m.sentiment[s] ?? 0;
  const we = countWordsIn(text, INCLUSIVE_PRONOUNS);
  const self = countWordsIn(text, SELF_PRONOUNS);
  const weShare = we + self > 0 ? we / (we + self) : 0;
  const interruptions = m.interruptions.filter((x) => x.by === s);
  const courtesy = (t: string) =>
    (t.toLowerCase().match(/\b(?:thanks|thank you|please|appreciate|sorry)\b/g) ?? []).length;
  const polite = courtesy(text);
  const absolutist = per100(countWordsIn(text, ABSOLUTIST), wordTotal);
  const parts = [
    { value: clamp(50 + 50 * sentiment), weight: 0.3 },
    { value: clamp(40 + 200 * weShare), weight: 0.2 },
    { value: clamp(100 - 20 * interruptions.length), weight: 0.2 },
    { value: Math.min(100, 60 + 20 * polite), weight: 0.15 },
    { value: clamp(100 - absolutist * 20), weight: 0.15 },
  ];
  const toneLines = linesRankedBy(lines, s, (t) => lexiconSentiment(t).cues);
  const insights = [
    insight(
      `Tone ${sentiment >= 0 ? '+' : ''}${fmt(sentiment, 2)} on a -1..1 scale.`,
      lines,
      toneLines.length ? toneLines : firstLine,
    ),
    insight(
      `"We" in ${fmt(weShare * 100, 0)} % of first-person pronouns (${we} we, ${self} I).`,
      lines,
      linesRankedBy(lines, s, (t) => countWordsIn(t, INCLUSIVE_PRONOUNS)).concat(firstLine),
    ),
    insight(
      `Interruptions made: ${interruptions.length}.`,
      lines,
      interruptions.length ? interruptions.map((x) => x.line) : firstLine,
    ),
    insight(
      `Courtesy words (thanks, please, sorry): ${polite}.`,
      lines,
      linesRankedBy(lines, s, courtesy).concat(firstLine),
    ),
    insight(
      `Absolutist words (always, never...): ${fmt(absolutist)} per 100 words.`,
      lines,
      linesRankedBy(lines, s, (t) => countWordsIn(t, ABSOLUTIST)).concat(firstLine),
    ),
  ];
  const tags = [
    sentiment > 0.2 ? 'positive tone' : sentiment < -0.2 ? 'negative tone' : 'neutral tone',
    weShare >= 0.3 ? 'collaborative' : '',
    interruptions.length > 2 ? 'interrupts' : 'lets others finish',
    polite > 0 ? 'courteous' : '',
  ];
  return weightedScore(
    parts,
    insights,
    tags,
    'Behavioral from tone, pronoun balance, interruptions, courtesy and absolutist words.',
  );
}
