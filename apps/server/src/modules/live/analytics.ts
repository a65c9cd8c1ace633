import { computeAnalytics, sentimentLabel, type SpeakerWord, type Turn } from '@parley/analysis';
import type { LiveAnalytics } from '@parley/contracts';
import { isStopWord } from '@parley/ai';

/** A final segment of the live transcript, as the session keeps it. */
export interface FinalSegment {
  segmentId: string;
  speakerName: string;
  content: string;
  startSec: number;
  endSec: number;
  words: { word: string; start: number; end: number }[];
}

const label = (name: string) => (name.trim() === '' ? 'You' : name);

/**
 * The live cards, recomputed from all final segments so far with the offline analytics
 * (talk time per person from the utterances' spans, words per minute of their own talking,
 * fillers, questions, VADER sentiment, the engagement heuristic). Each participant has their
 * own audio stream, so speakers are known and need no diarization.
 */
export function computeLiveAnalytics(
  meetingId: string,
  finals: readonly FinalSegment[],
  now: Date,
): LiveAnalytics {
  const sorted = [...finals].sort((a, b) => a.startSec - b.startSec);
  const turns: Turn[] = sorted.map((s) => ({
    speaker: label(s.speakerName),
    start: s.startSec,
    end: s.endSec,
  }));
  const words: SpeakerWord[] = sorted
    .flatMap((s) => s.words.map((w) => ({ ...w, speaker: label(s.speakerName) })))
    .sort((a, b) => a.start - b.start);
  const elapsedSec = sorted.reduce((m, s) => Math.max(m, s.endSec), 0);
  const a = computeAnalytics(words, turns, Math.max(elapsedSec, 1));
  const sentimentBy = new Map<string, { sum: number; words: number }>();
  for (const t of a.sentiment.turns) {
    const s = sentimentBy.get(t.speaker) ?? { sum: 0, words: 0 };
    s.sum += t.compound * t.words;
    s.words += t.words;
    sentimentBy.set(t.speaker, s);
  }
  const speakers = Object.keys(a.talkTimeSec).map((name) => {
    const s = sentimentBy.get(name);
    const compound = s && s.words ? Math.round((1000 * s.sum) / s.words) / 1000 : null;
    return {
      name,
      talkTimeSec: a.talkTimeSec[name] ?? 0,
      talkTimePercent: a.talkTimePercent[name] ?? 0,
      wordsPerMinute: a.wordsPerMinute[name] ?? 0,
      fillerWords: a.fillerWords.filter((f) => f.speaker === name).length,
      questions: a.questionsPerSpeaker[name] ?? 0,
      sentiment: compound === null ? null : { compound, label: sentimentLabel(compound) },
    };
  });
  return {
    meetingId,
    elapsedSec: Math.round(elapsedSec * 10) / 10,
    speakers,
    fillerWords: a.fillerWords,
    questions: a.questions.map((q) => ({ text: q.text, start: q.start, speaker: q.speaker })),
    sentiment: a.sentiment.overall,
    engagement: { score: a.engagement.score, method: a.engagement.method },
    updatedAt: now.toISOString(),
  };
}

/** The most frequent content words of the finals (three letters or more, no stop words). */
export function topTerms(finals: readonly FinalSegment[], max = 8): string[] {
  const counts = new Map<string, number>();
  for (const s of finals)
    for (const w of s.words) {
      const word = w.word.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, '');
      if (word.length < 3 || isStopWord(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  return [...counts.entries()]
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([w]) => w);
}
