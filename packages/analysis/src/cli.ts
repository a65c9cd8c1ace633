#!/usr/bin/env node
/** `npm run analyze -- [--engine pocketsphinx|whisper|openai] [--speakers N] [--skin-patch] FILE`: prints one JSON document. */
import { ENGINE_KINDS, selectEngine } from './asr/select.js';
import { WhisperEngine } from './asr/whisper.js';
import { parseArgs } from './cli-args.js';
import { analyzeFile } from './pipeline.js';
import { withSkinPatchPhysiology } from './physiology/cli-section.js';

const USAGE = `usage: npm run analyze -- [--engine ${ENGINE_KINDS.join('|')}] [--speakers N] [--skin-patch] FILE\n`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`analyze: ${args}\n${USAGE}`);
    return 1;
  }
  try {
    const engine = selectEngine(args.engine);
    try {
      const speech = () => analyzeFile(args.file, engine, args.speakers);
      const result = args.skinPatch
        ? await withSkinPatchPhysiology(args.file, speech)
        : await speech();
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return 0;
    } finally {
      // whisper.cpp runs in a worker thread; end it so the process exits at once.
      if (engine instanceof WhisperEngine) await engine.close();
    }
  } catch (e) {
    process.stderr.write(`analyze: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
