/**
 * Word-level text helpers shared by retrieval (BM25) and the built-in engine: lower-cased
 * words, English stop words, and a light suffix stemmer so "schedules", "scheduled" and
 * "scheduling" meet.
 */

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are aren as at be because been before ' +
    'being below between both but by can cannot could couldn did didn do does doesn doing don ' +
    'down during each few for from further had hadn has hasn have haven having he her here hers ' +
    'herself him himself his how i if in into is isn it its itself just let me more most mustn my ' +
    'myself no nor not now of off on once only or other ought our ours ourselves out over own ' +
    'same shan she should shouldn so some such than that the their theirs them themselves then ' +
    'there these they this those through to too under until up very was wasn we were weren what ' +
    'when where which while who whom why will with won would wouldn you your yours yourself ' +
    'yourselves s t d ll m re ve y oh okay ok yeah yes um uh uhm er ah like well really also ' +
    'get got go going know think said say thing things lot right mean actually kind sort'
  ).split(' '),
);

/** Lower-case words (letters, digits, inner apostrophes), contractions kept whole. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.replace(/['’].*$/, ''));
}

/** A light English stemmer: strips common inflections, enough for matching, not linguistics. */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly', 'es', 's']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      if (suffix === 's' && (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is'))) continue;
      w = w.slice(0, -suffix.length);
      // "scheduled" -> "schedul" and "schedule" -> "schedul": drop a final e too.
      break;
    }
  }
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  // "planned" -> "plann" -> "plan".
  if (/([bdfglmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Content terms of a text: stemmed words without stop words. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !isStopWord(w))
    .map(stem);
}

/** Splits a turn's text at sentence ends (. ! ? and …), keeping each piece's offset. */
export function splitSentences(text: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  const re = /[^.!?…]+(?:[.!?…]+["')\]]*|$)/g;
  for (const m of text.matchAll(re)) {
    const piece = m[0];
    const trimmed = piece.trim();
    if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
    out.push({ text: trimmed, offset: (m.index ?? 0) + piece.indexOf(trimmed) });
  }
  return out;
}
