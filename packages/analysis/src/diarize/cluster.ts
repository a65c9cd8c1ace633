// Agglomerative clustering of window embeddings by cosine similarity (average linkage), the
// usual back-end of learned speaker embeddings (x-vectors, ECAPA, ResNet): windows of one
// voice sit close in angle, whatever the loudness.

export interface ClusterOptions {
  /** Upper bound on the clusters (the meeting's participants when known). */
  maxClusters: number;
  /**
   * Clusters whose average cosine similarity is at least this are the same voice and are
   * merged even below maxClusters, so a given count is never reached by splitting a voice.
   */
  sameSimilarity: number;
}

const dot = (a: Float32Array | number[], b: Float32Array | number[]): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** The vector scaled to unit length (zero stays zero). */
export function unit(v: Float32Array | number[]): Float32Array {
  const n = Math.sqrt(dot(v, v));
  const out = new Float32Array(v.length);
  if (n > 0) for (let i = 0; i < v.length; i++) out[i] = v[i]! / n;
  return out;
}

/**
 * Labels 0…k−1 per embedding. Starts with one cluster per embedding and merges the most
 * similar pair (average pairwise cosine) while it is at least `sameSimilarity`, or while
 * there are more than `maxClusters`.
 */
export function agglomerate(embeddings: readonly Float32Array[], opts: ClusterOptions): number[] {
  const n = embeddings.length;
  const units = embeddings.map(unit);
  // sim[a][b]: Σ of pairwise cosines between members of a and b; size[a]: members.
  const sim = units.map((a) => units.map((b) => dot(a, b)));
  const size = new Array<number>(n).fill(1);
  const alive = new Array<boolean>(n).fill(true);
  const owner = Array.from({ length: n }, (_, i) => i);
  let count = n;
  while (count > 1) {
    let best: [number, number] | undefined;
    let bestSim = -Infinity;
    for (let a = 0; a < n; a++) {
      if (!alive[a]) continue;
      for (let b = a + 1; b < n; b++) {
        if (!alive[b]) continue;
        const s = sim[a]![b]! / (size[a]! * size[b]!);
        if (s > bestSim) [best, bestSim] = [[a, b], s];
      }
    }
    if (!best || (bestSim < opts.sameSimilarity && count <= opts.maxClusters)) break;
    const [a, b] = best;
    for (let c = 0; c < n; c++) {
      if (!alive[c] || c === a || c === b) continue;
      sim[a]![c] = sim[c]![a] = sim[a]![c]! + sim[b]![c]!;
    }
    size[a]! += size[b]!;
    alive[b] = false;
    for (let i = 0; i < n; i++) if (owner[i] === b) owner[i] = a;
    count--;
  }
  const dense = new Map<number, number>();
  return owner.map((o) => {
    if (!dense.has(o)) dense.set(o, dense.size);
    return dense.get(o)!;
  });
}

/** Mean of the unit embeddings of each label, as unit vectors. */
export function centroids(
  embeddings: readonly Float32Array[],
  labels: readonly number[],
  k: number,
): Float32Array[] {
  const dim = embeddings[0]?.length ?? 0;
  const sums = Array.from({ length: k }, () => new Float32Array(dim));
  embeddings.forEach((e, i) => {
    const u = unit(e);
    const s = sums[labels[i]!]!;
    for (let d = 0; d < dim; d++) s[d]! += u[d]!;
  });
  return sums.map(unit);
}

export const cosine = (a: Float32Array, b: Float32Array): number => dot(unit(a), unit(b));
