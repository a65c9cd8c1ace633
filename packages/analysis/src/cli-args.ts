import { isEngineKind, type EngineKind } from './asr/select.js';

export interface CliArgs {
  file: string;
  engine?: EngineKind;
  /** Number of speakers when known (the meeting's participants): an upper bound; estimated otherwise. */
  speakers?: number;
  /** `--skin-patch`: the whole frame is skin; adds the physiology section. */
  skinPatch?: boolean;
  /** Faces in a still image instead of a recording's analysis. */
  image?: boolean;
  /** Leave out the face analysis of a video (faster). */
  noVideo?: boolean;
  /** Frames a second sampled for the face analysis (2 by default). */
  fps?: number;
  /** The spoken language (ISO 639-1), when known: one the engine cannot transcribe is said so. */
  language?: string;
}

/** `analyze` arguments (FILE, engine, speakers, --language, --skin-patch, --image, --no-video, --fps) or a usage error. */
export function parseArgs(argv: string[]): CliArgs | string {
  const rest: string[] = [];
  const out: Omit<CliArgs, 'file'> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const valueOf = (name: string) => (arg === name ? argv[++i] : arg.slice(name.length + 1));
    if (arg === '--engine' || arg.startsWith('--engine=')) {
      const value = valueOf('--engine');
      if (!value || !isEngineKind(value)) return `unknown engine "${value ?? ''}"`;
      out.engine = value;
    } else if (arg === '--speakers' || arg.startsWith('--speakers=')) {
      const value = valueOf('--speakers');
      const n = Number(value);
      if (!value || !Number.isInteger(n) || n < 1 || n > 32)
        return `--speakers needs a whole number from 1 to 32, got "${value ?? ''}"`;
      out.speakers = n;
    } else if (arg === '--fps' || arg.startsWith('--fps=')) {
      const value = valueOf('--fps');
      const n = Number(value);
      if (!value || !(n > 0 && n <= 30))
        return `--fps needs a number above 0 and up to 30, got "${value ?? ''}"`;
      out.fps = n;
    } else if (arg === '--language' || arg.startsWith('--language=')) {
      const value = valueOf('--language');
      if (!value || !/^[a-z]{2,3}([-_][a-z0-9]+)?$/i.test(value))
        return `--language needs a language code such as en or fr, got "${value ?? ''}"`;
      out.language = value;
    } else if (arg === '--skin-patch') out.skinPatch = true;
    else if (arg === '--image') out.image = true;
    else if (arg === '--no-video') out.noVideo = true;
    else rest.push(arg);
  }
  if (rest.length !== 1 || rest[0]!.startsWith('-')) return 'expected one media file';
  return { file: rest[0]!, ...out };
}
