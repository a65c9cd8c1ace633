import { isEngineKind, type EngineKind } from './asr/select.js';

/** `analyze` arguments: FILE and the engine override, or a usage error message. */
export function parseArgs(argv: string[]): { file: string; engine?: EngineKind } | string {
  const rest: string[] = [];
  let engine: EngineKind | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--engine' || arg.startsWith('--engine=')) {
      const value = arg === '--engine' ? argv[++i] : arg.slice('--engine='.length);
      if (!value || !isEngineKind(value)) return `unknown engine "${value ?? ''}"`;
      engine = value;
    } else rest.push(arg);
  }
  if (rest.length !== 1 || rest[0]!.startsWith('-')) return 'expected one media file';
  return { file: rest[0]!, engine };
}
