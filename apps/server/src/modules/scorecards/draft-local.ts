import { formatTimestamp, rankLines } from '@parley/ai';
import {
  RATING_MAX,
  RATING_MIN,
  SCORECARD_MESSAGES as S,
  type JobCompetency,
} from '@parley/contracts';
import type { StoredRating } from '../../platform/db/schema.js';
import { momentOf, wordsOf, type DraftMaterial } from './material.js';

/**
 * A turn bears on a probe (the competency's name, description or a question) when it holds
 * half the probe's weight (BM25 coverage), or a third of it with a third of its distinct words:
 * "playing music with friends" in a description of five content words.
 */
const bears = (h: { coverage: number; matched: number }) =>
  h.coverage >= 0.5 || (h.coverage >= 0.3 && h.matched >= 0.3);
/** Turns one rating cites at most. */
const MAX_MOMENTS = 3;

/** The HR category a competency is closest to, by the words that name it. */
function categoryOf(c: JobCompetency): string {
  const text = `${c.name} ${c.description}`.toLowerCase();
  if (/technic|engineer|code|coding|system|architect|data|tool|domain|software|design/.test(text)) {
    return 'Technical';
  }
  if (/communicat|present|explain|listen|writ|articulat|clarity|stakeholder/.test(text)) {
    return 'Communication';
  }
  return 'Behavioral';
}

/**
 * The candidate's turns that bear on a competency: turns matching its name, description or a
 * guiding question, the interviewer's matching question standing for the candidate's answer
 * that follows it. Best match first.
 */
function relevantTurns(c: JobCompetency, m: DraftMaterial): number[] {
  const probes = [c.name, c.description, ...c.questions].filter((p) => p.trim().length > 0);
  const best = new Map<number, number>();
  const mine = (i: number) => m.candidate === null || m.lines[i]?.speaker === m.candidate;
  for (const probe of probes) {
    for (const hit of rankLines(probe, m.lines, 12)) {
      if (!bears(hit)) continue;
      let i = hit.index;
      if (!mine(i)) {
        // The question was asked; its answer is the candidate's next turn, if they gave one.
        const next = m.lines.findIndex((l, j) => j > i && l.speaker === m.candidate);
        if (next < 0 || next - i > 2) continue;
        i = next;
      }
      best.set(i, Math.max(best.get(i) ?? 0, hit.score));
    }
  }
  return [...best.entries()].sort((a, b) => b[1] - a[1]).map(([i]) => i);
}

/**
 * The built-in engine's rating of one competency, from what the candidate said about it and
 * the measured signals. How much they said sets the level (a few words 2, an answer 3, a
 * developed answer 4); Zai's score of the nearest HR category moves it one level either way
 * (75 and above, 40 and below); clearly negative sentiment in the answers and, for
 * communication, a high filler rate take one off. The notes say which of these applied.
 */
function rate(c: JobCompetency, m: DraftMaterial): StoredRating {
  const turns = relevantTurns(c, m).slice(0, MAX_MOMENTS);
  if (turns.length === 0) {
    return {
      competency: c.name,
      rating: null,
      discussed: false,
      notes: S.notDiscussed,
      evidence: [],
    };
  }
  const lines = turns.map((i) => m.lines[i]!).sort((a, b) => a.start - b.start);
  const spoken = lines.reduce((n, l) => n + wordsOf(l.text).length, 0);
  let rating = spoken < 12 ? 2 : spoken < 40 ? 3 : 4;
  const why = [
    `${lines.length === 1 ? 'One answer bears' : `${lines.length} answers bear`} on it (${spoken} words, at ${lines
      .map((l) => formatTimestamp(l.start))
      .join(', ')}).`,
  ];
  const category = categoryOf(c);
  const score = m.categories.find((s) => s.name === category)?.score;
  if (score !== undefined) {
    if (score >= 75) rating += 1;
    if (score <= 40) rating -= 1;
    why.push(`Zai's ${category} score: ${score}.`);
  }
  const tones = lines.map((l) => m.sentimentAt.get(l.start)).filter((s) => s !== undefined);
  const tone = tones.length ? tones.reduce((a, b) => a + b, 0) / tones.length : 0;
  if (tone <= -0.3) {
    rating -= 1;
    why.push('The answers sound negative.');
  }
  if (category === 'Communication' && m.fillerPerMinute !== null && m.fillerPerMinute > 6) {
    rating -= 1;
    why.push(`${m.fillerPerMinute.toFixed(1)} filler words a minute.`);
  }
  return {
    competency: c.name,
    rating: Math.min(RATING_MAX, Math.max(RATING_MIN, rating)),
    discussed: true,
    notes: why.join(' '),
    evidence: lines.map(momentOf),
  };
}

/** Zai's draft by the built-in engine: every competency rated from the transcript, or not discussed. */
export function draftLocally(kit: readonly JobCompetency[], m: DraftMaterial) {
  const ratings = kit.map((c) => rate(c, m));
  const discussed = ratings.filter((r) => r.discussed).length;
  const summary =
    `Drafted by the built-in engine from the transcript and the measured signals: ` +
    `${discussed} of ${kit.length} competencies discussed. Check each rating against its moments.`;
  return { ratings, summary };
}
