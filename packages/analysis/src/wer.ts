/** Lower-case words without punctuation, the form both references and engines are compared in. */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '') // "don't" and "dont" are the same word
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

/** Word error rate: (substitutions + deletions + insertions) / reference words. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  // Levenshtein over words, one row at a time.
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const sub = prev[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      row.push(Math.min(sub, prev[j]! + 1, row[j - 1]! + 1));
    }
    prev = row;
  }
  return prev[hyp.length]! / ref.length;
}
