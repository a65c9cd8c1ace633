#!/usr/bin/env node
/**
 * `npm run analyze -- [--engine pocketsphinx|whisper|openai] [--speakers N] [--fps F] [--no-video]
 * [--skin-patch] FILE` prints one JSON document (with a `video` section for files with a picture,
 * a `physiology` section with --skin-patch, a `notice` when the file ends early, is damaged or is in
 * a language the engine cannot transcribe, --language CODE); `npm run analyze -- --image FILE`
 * prints the faces of a still image.
 */
import { ENGINE_KINDS, selectEngine } from './asr/select.js';
import { WhisperEngine } from './asr/whisper.js';
import { parseArgs, type CliArgs } from './cli-args.js';
import { analyzeFaces, type VideoFaceAnalysis } from './face/analyze.js';
import { detectFacesInImage } from './face/image.js';
import { probeVideoInfo } from './face/frames.js';
import { isStillImage } from './decode.js';
import { analyzeFile } from './pipeline.js';
import { withSkinPatchPhysiology } from './physiology/cli-section.js';

const USAGE =
  `usage: npm run analyze -- [--engine ${ENGINE_KINDS.join('|')}] [--speakers N] [--fps F] [--no-video] [--skin-patch] [--language CODE] FILE\n` +
  `       npm run analyze -- --image FILE\n`;

/** The video section as printed: person templates (1024 numbers each) are left out. */
function printable(video: VideoFaceAnalysis) {
  return {
    ...video,
    persons: video.persons.map(({ template, ...p }) => ({
      ...p,
      templateFaces: template?.faces ?? 0,
    })),
  };
}

/** Said instead of a decoding error when a photo is given as a recording. */
const IMAGE_HINT = (file: string) =>
  `${file} is a still image, not a recording: use npm run analyze -- --image ${file}`;

async function analyzeRecording(args: CliArgs): Promise<unknown> {
  if (await isStillImage(args.file)) throw new Error(IMAGE_HINT(args.file));
  const engine = selectEngine(args.engine);
  try {
    const speech = () => analyzeFile(args.file, engine, args.speakers, args.language);
    // A skin patch is all skin and no face: it gets physiology, not the face analysis.
    if (args.skinPatch) return await withSkinPatchPhysiology(args.file, speech);
    const result = await speech();
    if (args.noVideo || !(await probeVideoInfo(args.file))) return result;
    return { ...result, video: printable(await analyzeFaces(args.file, { fps: args.fps })) };
  } finally {
    // whisper.cpp runs in a worker thread; end it so the process exits at once.
    if (engine instanceof WhisperEngine) await engine.close();
  }
}

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
    const doc = args.image
      ? {
          faces: (await detectFacesInImage(args.file)).faces.map(
            ({ embedding: _e, ...face }) => face,
          ),
        }
      : await analyzeRecording(args);
    process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`analyze: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
