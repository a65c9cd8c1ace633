// Where face demographics are weaker: detection, gender and age-bin accuracy by gender and by
// age bin on the 120 FairFace photos of fixtures/faces/fairface-more, with counts and 95 %
// Wilson intervals (packages/analysis faceBiasOn). Needs `npm run build`. Prints the table, and
// fails (exit code 1) when the whole set falls below the floors measured when the pass moved
// here from packages/analysis/src/face/images.test.ts (which now reads every 4th photo).
import os from 'node:os';
import { faceBiasOn, formatBiasTable } from '../packages/analysis/dist/index.js';
import { fixture, timed } from './recording.mjs';

// Measured: a face on 117 of 120 (0.975), gender right on 0.821 of those, age within one bin
// on 0.932 (README, "Faces on new people").
const FLOORS = { detected: 0.97, gender: 0.82, ageWithinOne: 0.93 };

console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
const run = await timed(() => faceBiasOn(fixture('faces/fairface-more')));
console.log(`faces/fairface-more: ${run.value.outcomes.length} photos in ${run.sec.toFixed(1)} s`);
console.log(formatBiasTable(run.value.table));
const below = Object.entries(FLOORS).filter(
  ([k, floor]) => run.value.table.overall[k].rate < floor,
);
for (const [k, floor] of below)
  console.log(`below the floor: ${k} ${run.value.table.overall[k].rate} < ${floor}`);
if (run.value.outcomes.length !== 120 || below.length) process.exitCode = 1;
