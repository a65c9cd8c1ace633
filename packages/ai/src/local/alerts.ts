import { GENERALISATIONS } from './lexicon.js';
import {
  clamp,
  countMatches,
  fmt,
  insight,
  linesRankedBy,
  per100,
  type Insight,
  type ScoreBody,
  type SpeakerView,
} from './scoring.js';
import { countFillers, lexiconSentiment } from './signals.js';

/** Red flags: 100 means none; each flag found takes points off and is cited. */
export function alerts({ lines, m, firstLine }: SpeakerView): ScoreBody {
  const insights: Insight[] = [];
  const tags: string[] = [];
  let penalty = 0;
  const lineAt = (t: number) =>
    Math.max(
      0,
      lines.findIndex((l) => l.start >= t - 0.01),
    );
  const long = m.silences.filter((g) => g.end - g.start >= 10);
  if (long.length) {
    penalty += Math.min(30, 10 * long.length);
    const worst = Math.max(...long.map((g) => g.end - g.start));
    insights.push(
      insight(
        `${long.length} silence(s) of 10 s or more, the longest ${fmt(worst)} s.`,
        lines,
        long.map((g) => lineAt(g.end)),
      ),
    );
    tags.push('long silences');
  }
  for (const sp of m.speakers) {
    const sent = m.sentiment[sp] ?? 0;
    if (sent < -0.3) {
      penalty += 25;
      insights.push(
        insight(
          `Very negative tone from ${sp}: ${fmt(sent, 2)} on -1..1.`,
          lines,
          linesRankedBy(lines, sp, (t) =>
            Math.max(0, -lexiconSentiment(t).score * lexiconSentiment(t).cues),
          ),
        ),
      );
      tags.push('negative sentiment');
    }
    const fr = per100(m.fillerWords[sp] ?? 0, m.wordCount[sp] ?? 0);
    if (fr > 6 && (m.wordCount[sp] ?? 0) >= 20) {
      penalty += 20;
      insights.push(
        insight(
          `Heavy filler use by ${sp}: ${fmt(fr)} per 100 words.`,
          lines,
          linesRankedBy(lines, sp, countFillers),
        ),
      );
      tags.push('filler-heavy');
    }
    if ((m.longestMonologueSec[sp] ?? 0) > 180) {
      penalty += 15;
      insights.push(
        insight(
          `${sp} spoke ${fmt(m.longestMonologueSec[sp] ?? 0, 0)} s without a break.`,
          lines,
          m.longestTurn[sp]?.lines ?? [],
          1,
        ),
      );
      tags.push('monologue');
    }
  }
  const perTenMin = m.durationSec > 0 ? (m.interruptions.length / m.durationSec) * 600 : 0;
  if (m.interruptions.length >= 3 && perTenMin > 3) {
    penalty += 15;
    insights.push(
      insight(
        `${m.interruptions.length} interruptions (${fmt(perTenMin)} per 10 min).`,
        lines,
        m.interruptions.map((x) => x.line),
      ),
    );
    tags.push('interruptions');
  }
  const loaded = linesRankedBy(lines, null, (t) => countMatches(t, GENERALISATIONS));
  if (loaded.length) {
    penalty += Math.min(30, 15 * loaded.length);
    insights.push(
      insight(`${loaded.length} line(s) with generalizing or loaded language.`, lines, loaded),
    );
    tags.push('loaded language');
  }
  if (insights.length === 0) {
    const longestGap = Math.max(0, ...m.silences.map((g) => g.end - g.start));
    const minSent = Math.min(0, ...Object.values(m.sentiment));
    insights.push(
      insight(
        `No red flags: longest silence ${fmt(longestGap)} s (flag at 10 s), lowest tone ${fmt(minSent, 2)} (flag below -0.30), ${m.interruptions.length} interruption(s).`,
        lines,
        firstLine.length ? firstLine : [0],
        1,
      ),
    );
    tags.push('no red flags');
  }
  return {
    score: clamp(100 - penalty),
    insights,
    tags,
    method:
      'Alerts: 100 means no red flag (long silences, very negative tone, heavy fillers, monologues, interruptions, loaded language).',
  };
}
