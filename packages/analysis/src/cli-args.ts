import { isEngineKind, type EngineKind } from './asr/select.js';

export interface CliArgs {
  file: string;
  engine?: EngineKind;
  /** Number of speakers when known (the meeting's participants); estimated otherwise. */
  speakers?: number;
  /** `--skin-patch`: the whole frame is skin; adds the physiology section. */
  skinPatch?: boolean;
}

/** `analyze` arguments: FILE, engine override, speaker count, --skin-patch; or a usage error. */
export function parseArgs(argv: string[]): CliArgs | string {
  const rest: string[] = [];
  let engine: EngineKind | undefined;
  let speakers: number | undefined;
  let skinPatch = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--engine' || arg.startsWith('--engine=')) {
      const value = arg === '--engine' ? argv[++i] : arg.slice('--engine='.length);
      if (!value || !isEngineKind(value)) return `unknown engine "${value ?? ''}"`;
      engine = value;
    } else if (arg === '--speakers' || arg.startsWith('--speakers=')) {
      const value = arg === '--speakers' ? argv[++i] : arg.slice('--speakers='.length);
      const n = Number(value);
      if (!value || !Number.isInteger(n) || n < 1 || n > 32)
        return `--speakers needs a whole number from 1 to 32, got "${value ?? ''}"`;
      speakers = n;
    } else if (arg === '--skin-patch') skinPatch = true;
    else rest.push(arg);
  }
  if (rest.length !== 1 || rest[0]!.startsWith('-')) return 'expected one media file';
  const args: CliArgs = { file: rest[0]!, engine };
  if (speakers !== undefined) args.speakers = speakers;
  if (skinPatch) args.skinPatch = true;
  return args;
}
