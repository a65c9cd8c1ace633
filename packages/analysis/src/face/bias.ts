// Where face demographics are weaker: accuracy by gender and by age bin on labelled photos,
// each with its count and a 95 % Wilson confidence interval, so a small group's figure is read
// with its uncertainty (ten photos right out of twelve is not "83 %" but "55 to 95 %").

/** The age bins of FairFace's labels, which the face model's years are binned into. */
export const AGE_BINS = ['0-2', '3-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70+'];

/** One labelled photo and what the model said about it (null: no face found). */
export interface DemographicOutcome {
  truth: { gender: 'male' | 'female'; ageBin: string };
  predicted: { gender: 'male' | 'female' | null; ageBin: string } | null;
}

/** A proportion with its 95 % Wilson interval; null rate when there is nothing to count. */
export interface Proportion {
  hits: number;
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

export interface BiasRow {
  /** 'gender' or 'age', and the group's label ('female', '30-39'). */
  by: 'gender' | 'age';
  group: string;
  photos: number;
  /** Share of the group's photos where a face was found at all. */
  detected: Proportion;
  /** On the photos with a face: gender right, age bin exact, age within one bin. */
  gender: Proportion;
  ageExact: Proportion;
  ageWithinOne: Proportion;
}

export interface BiasTable {
  overall: Omit<BiasRow, 'by' | 'group'>;
  rows: BiasRow[];
}

/** z for a two-sided 95 % interval. */
const Z95 = 1.959964;

/**
 * Wilson score interval (Wilson 1927; recommended over the normal approximation by Brown, Cai
 * and DasGupta 2001 because it stays inside 0..1 and keeps its coverage for small n or rates
 * near 0 and 1, which is what small demographic groups give).
 */
export function wilson(hits: number, n: number, z = Z95): Proportion {
  if (n <= 0) return { hits: 0, n: 0, rate: null, low: null, high: null };
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return {
    hits,
    n,
    rate: r(p),
    low: r(Math.max(0, centre - half)),
    high: r(Math.min(1, centre + half)),
  };
}

const binDistance = (a: string, b: string) => Math.abs(AGE_BINS.indexOf(a) - AGE_BINS.indexOf(b));

function summarise(outcomes: DemographicOutcome[]): Omit<BiasRow, 'by' | 'group'> {
  const found = outcomes.filter((o) => o.predicted !== null);
  const count = (test: (o: DemographicOutcome) => boolean) => found.filter(test).length;
  return {
    photos: outcomes.length,
    detected: wilson(found.length, outcomes.length),
    gender: wilson(
      count((o) => o.predicted!.gender === o.truth.gender),
      found.length,
    ),
    ageExact: wilson(
      count((o) => binDistance(o.predicted!.ageBin, o.truth.ageBin) === 0),
      found.length,
    ),
    ageWithinOne: wilson(
      count((o) => binDistance(o.predicted!.ageBin, o.truth.ageBin) <= 1),
      found.length,
    ),
  };
}

/** The bias table: overall, then one row per gender and per age bin present in the labels. */
export function biasTable(outcomes: DemographicOutcome[]): BiasTable {
  const rows: BiasRow[] = [];
  for (const gender of ['female', 'male'] as const) {
    const group = outcomes.filter((o) => o.truth.gender === gender);
    if (group.length) rows.push({ by: 'gender', group: gender, ...summarise(group) });
  }
  for (const bin of AGE_BINS) {
    const group = outcomes.filter((o) => o.truth.ageBin === bin);
    if (group.length) rows.push({ by: 'age', group: bin, ...summarise(group) });
  }
  return { overall: summarise(outcomes), rows };
}

// The rate to one decimal (97.5 % is not 98 %), the interval to whole percents.
const pct = (p: Proportion) =>
  p.rate === null
    ? '    –             '
    : `${(p.rate * 100).toFixed(1).padStart(5)} % (${(p.low! * 100).toFixed(0).padStart(3)}–${(p.high! * 100).toFixed(0).padStart(3)}) `;

/** The table as fixed-width text, for benchmarks and the accuracy report. */
export function formatBiasTable(table: BiasTable): string {
  const head = `${'group'.padEnd(14)}${'photos'.padStart(7)}  ${'face found'.padEnd(18)}${'gender right'.padEnd(18)}${'age bin exact'.padEnd(18)}age within 1 bin`;
  const line = (label: string, r: Omit<BiasRow, 'by' | 'group'>) =>
    `${label.padEnd(14)}${String(r.photos).padStart(7)}  ${pct(r.detected)}${pct(r.gender)}${pct(r.ageExact)}${pct(r.ageWithinOne)}`;
  return [
    head,
    line('all', table.overall),
    ...table.rows.map((r) => line(`${r.by === 'age' ? 'age ' : ''}${r.group}`, r)),
    'rates with 95 % Wilson intervals; gender and age are counted on the photos with a face',
  ].join('\n');
}
