// Where face demographics are weaker: detection, gender and age-bin accuracy by gender and by
// age bin on the 120 FairFace photos of fixtures/faces/fairface-more, with counts and 95 %
// Wilson intervals (packages/analysis faceBiasOn). Needs `npm run build`. Prints; asserts nothing.
import os from 'node:os';
import { faceBiasOn, formatBiasTable } from '../packages/analysis/dist/index.js';
import { fixture, timed } from './recording.mjs';

console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
const run = await timed(() => faceBiasOn(fixture('faces/fairface-more')));
console.log(`faces/fairface-more: ${run.value.outcomes.length} photos in ${run.sec.toFixed(1)} s`);
console.log(formatBiasTable(run.value.table));
