import { words } from '../prompt/text.js';
import type { TranscriptLine } from '../types.js';
import {
  ABSOLUTIST,
  GENERALISATIONS,
  HEDGES,
  INCLUSIVE_PRONOUNS,
  OTHER_PRONOUNS,
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
  type Scored,
} from './scoring.js';
import { lexiconSentiment, type MeasuredSignals } from './signals.js';

/**
 * Charisma heuristics for one speaker: energetic pace (130-170 words/min), positive tone,
 * audience focus ("we"/"you" over "I"), engaging questions, few hedges and varied sentence
 * length (rhythm). Cues that correlate with perceived charisma in speech research, not a measure of it.
 */
export function scoreCharisma(lines: TranscriptLine[], m: MeasuredSignals, s: string): Scored {
  const { text, wordTotal: total, firstLine: first, longest } = speakerView(lines, m, s);
  const wpm = m.wordsPerMinute[s] ?? 0;
  const sentiment = m.sentiment[s] ?? 0;
  const audience = countWordsIn(text, INCLUSIVE_PRONOUNS) + countWordsIn(text, OTHER_PRONOUNS);
  const self = countWordsIn(text, SELF_PRONOUNS);
  const audienceShare = audience + self > 0 ? audience / (audience + self) : 0;
  const questions = m.questionsAsked[s] ?? 0;
  const hedgeRate = per100(countMatches(text, HEDGES), total);
  const lengths = text
    .split(/[.!?]+/)
    .map((x) => words(x).length)
    .filter((n) => n > 0);
  const mean = lengths.reduce((a, b) => a + b, 0) / (lengths.length || 1);
  const sd = Math.sqrt(lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / (lengths.length || 1));
  const variation = mean > 0 ? sd / mean : 0;
  const parts = [
    { value: band(wpm, 130, 170, 60), weight: 0.2 },
    { value: clamp(50 + 50 * sentiment), weight: 0.2 },
    { value: clamp(audienceShare * 150), weight: 0.2 },
    { value: questions > 0 ? Math.min(100, 60 + 15 * questions) : 30, weight: 0.15 },
    { value: clamp(100 - hedgeRate * 15), weight: 0.15 },
    { value: clamp(variation * 150), weight: 0.1 },
  ];
  const insights: Insight[] = [
    insight(`Pace ${fmt(wpm, 0)} words/min (energetic range 130-170).`, lines, longest, 1),
    insight(
      `Tone ${fmt(sentiment, 2)} on -1..1.`,
      lines,
      linesRankedBy(lines, s, (t) => lexiconSentiment(t).cues).concat(first),
    ),
    insight(
      `Audience focus: "we"/"you" make ${fmt(audienceShare * 100, 0)} % of personal pronouns.`,
      lines,
      linesRankedBy(
        lines,
        s,
        (t) => countWordsIn(t, OTHER_PRONOUNS) + countWordsIn(t, INCLUSIVE_PRONOUNS),
      ).concat(first),
    ),
    insight(
      `Questions put to others: ${questions}.`,
      lines,
      (m.questionLines[s] ?? []).concat(first),
    ),
    insight(
      `Hedges: ${fmt(hedgeRate)} per 100 words.`,
      lines,
      linesRankedBy(lines, s, (t) => countMatches(t, HEDGES)).concat(first),
    ),
    insight(
      `Sentence-length variation ${fmt(variation, 2)} (rhythm; 0 is monotone).`,
      lines,
      longest,
      1,
    ),
  ];
  const tags = [
    wpm >= 130 && wpm <= 170 ? 'energetic pace' : '',
    sentiment > 0.2 ? 'warm' : '',
    audienceShare >= 0.5 ? 'audience-focused' : 'self-focused',
    hedgeRate > 3 ? 'hesitant' : 'confident',
  ];
  return {
    title: 'Charisma',
    speaker: s,
    ...weightedScore(
      parts,
      insights,
      tags,
      'Charisma heuristics: pace, tone, audience focus, questions, hedging and rhythm (cues, not a measure of personality).',
    ),
  };
}

/**
 * Bias cues across the meeting; 100 means no cue was found. Generalising or loaded phrases
 * about groups, absolutist wording, one speaker dominating talk time and one-sided interruptions.
 */
export function scoreBias(lines: TranscriptLine[], m: MeasuredSignals): Scored {
  const insights: Insight[] = [];
  const tags: string[] = [];
  const parts = [];
  const loaded = linesRankedBy(lines, null, (t) => countMatches(t, GENERALISATIONS));
  parts.push({ value: clamp(100 - 25 * loaded.length), weight: 0.4 });
  insights.push(
    insight(
      `Generalizing or loaded phrases about groups: ${loaded.length} line(s).`,
      lines,
      loaded.length ? loaded : [0],
    ),
  );
  if (loaded.length) tags.push('loaded language');

  const allText = lines.map((l) => l.text).join(' ');
  const absolutist = per100(countWordsIn(allText, ABSOLUTIST), words(allText).length);
  parts.push({ value: clamp(100 - absolutist * 20), weight: 0.2 });
  insights.push(
    insight(
      `Absolutist words (always, never, everyone...): ${fmt(absolutist)} per 100 words.`,
      lines,
      linesRankedBy(lines, null, (t) => countWordsIn(t, ABSOLUTIST)).concat([0]),
    ),
  );
  if (absolutist > 2) tags.push('absolutist wording');

  const totalTalk = Object.values(m.talkTimeSec).reduce((a, b) => a + b, 0) || 1;
  const [top] = [...m.speakers].sort((a, b) => (m.talkTimeSec[b] ?? 0) - (m.talkTimeSec[a] ?? 0));
  const topShare = top ? (m.talkTimeSec[top] ?? 0) / totalTalk : 0;
  const fairShare = 1 / Math.max(1, m.speakers.length);
  parts.push({
    value: m.speakers.length > 1 ? band(topShare, 0, Math.max(0.7, fairShare + 0.2), 0.3) : 100,
    weight: 0.2,
  });
  insights.push(
    insight(
      `Largest share of talk time: ${top ?? 'nobody'} with ${fmt(topShare * 100, 0)} % (${m.speakers.length} speakers).`,
      lines,
      top ? (m.longestTurn[top]?.lines ?? [0]) : [0],
      1,
    ),
  );
  if (topShare > 0.8 && m.speakers.length > 1) tags.push('one voice dominates');

  const byCount = new Map<string, number>();
  for (const x of m.interruptions) byCount.set(x.by, (byCount.get(x.by) ?? 0) + 1);
  const maxBy = Math.max(0, ...byCount.values());
  const oneSided = m.interruptions.length >= 3 && maxBy / m.interruptions.length > 0.8;
  parts.push({ value: oneSided ? 40 : 100, weight: 0.2 });
  insights.push(
    insight(
      `Interruptions: ${m.interruptions.length}, at most ${maxBy} by one speaker.`,
      lines,
      m.interruptions.length ? m.interruptions.map((x) => x.line) : [0],
    ),
  );
  if (oneSided) tags.push('one-sided interruptions');
  if (tags.length === 0) tags.push('no bias cues');
  return {
    title: 'Bias check',
    speaker: null,
    ...weightedScore(
      parts,
      insights,
      tags,
      'Bias heuristics: 100 means no cue found (loaded phrases, absolutist words, talk-time dominance, one-sided interruptions); cues for a human to review, not a verdict.',
    ),
  };
}
