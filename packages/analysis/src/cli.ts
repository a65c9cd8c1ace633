#!/usr/bin/env node
/** `npm run analyze -- FILE`: runs the analysis pipeline on one media file and prints JSON. */
import { analyzeFile } from './pipeline.js';

async function main(argv: string[]): Promise<number> {
  const file = argv[0];
  if (!file || argv.length > 1 || file === '--help' || file === '-h') {
    process.stderr.write('usage: npm run analyze -- FILE\n');
    return file === '--help' || file === '-h' ? 0 : 1;
  }
  try {
    const result = await analyzeFile(file);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`analyze: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
