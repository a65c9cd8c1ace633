// Runs every benchmark in this folder (files named *.bench.mjs) one after another, then the
// HTTP load bench (load.mjs: several minutes; LOAD_SECONDS shortens it).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const here = import.meta.dirname;
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  console.log(`\n# ${file}`);
  const r = spawnSync(process.execPath, [`${here}/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
console.log('\n# load.mjs');
const load = spawnSync(process.execPath, [`${here}/load.mjs`], { stdio: 'inherit' });
if (load.status !== 0) process.exitCode = 1;
