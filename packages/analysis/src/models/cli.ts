#!/usr/bin/env node
// `npm run models -- list | pull NAME | remove NAME`: the models the analysis can use when a
// user downloads them. They go to DATA_DIR/models, where the server finds them.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE, findModel, type CatalogueModel } from './catalogue.js';
import { ModelsError, pullModel, removeModel, type PullOptions } from './download.js';
import { installedModels, modelsDir } from './locate.js';
import { formatBytes, type Output } from './progress.js';

type Env = Record<string, string | undefined>;

export interface CliIo {
  out: Output;
  err: Output;
  env: Env;
  /** Replaces the catalogue (tests serve small files of their own). */
  catalogue?: readonly CatalogueModel[];
  freeBytes?: PullOptions['freeBytes'];
}

const USAGE = `Usage: npm run models -- list | pull NAME | remove NAME

  list          the known models, which are installed, and their sizes
  pull NAME     download NAME into DATA_DIR/models (resumable, SHA-256 checked)
  remove NAME   delete NAME (and any partial download of it)
`;

/** 'available', or how much of it an interrupted pull left (the next pull resumes there). */
function partial(dir: string, m: CatalogueModel): string {
  const part = join(dir, `${m.file}.part`);
  return existsSync(part)
    ? `partial, ${formatBytes(statSync(part).size)} (pull resumes)`
    : 'available';
}

function table(io: CliIo, dir: string): void {
  const catalogue = io.catalogue ?? CATALOGUE;
  const installed = new Set(installedModels(dir, catalogue).map((m) => m.model.name));
  const rows = catalogue.map((m) => [
    m.name,
    m.kind === 'whisper' ? (m.multilingual ? 'whisper, multilingual' : 'whisper, English') : m.kind,
    `${m.approximate ? '~' : ''}${formatBytes(m.bytes)}`,
    installed.has(m.name) ? 'installed' : partial(dir, m),
  ]);
  const head = ['NAME', 'KIND', 'SIZE', 'STATE'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  io.out.write(`Models in ${dir}\n${line(head)}\n${rows.map(line).join('\n')}\n`);
}

/** Runs one command; returns the process exit code. Failures are one line on `err`. */
export async function runModelsCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, name] = argv;
  const dir = modelsDir(io.env);
  const catalogue = io.catalogue ?? CATALOGUE;
  const lookup = (n: string | undefined): CatalogueModel => {
    const model = n
      ? io.catalogue
        ? catalogue.find((m) => m.name === n)
        : findModel(n)
      : undefined;
    if (!model) {
      throw new ModelsError(
        n
          ? `Unknown model "${n}"; \`npm run models -- list\` shows the known ones.`
          : `Which model? ${USAGE.split('\n')[0]}`,
      );
    }
    return model;
  };
  try {
    switch (command) {
      case 'list':
        table(io, dir);
        return 0;
      case 'pull':
        await pullModel(lookup(name), {
          dir,
          mirror: io.env.MODELS_BASE_URL || undefined,
          out: io.out,
          freeBytes: io.freeBytes,
        });
        return 0;
      case 'remove': {
        const model = lookup(name);
        const removed = await removeModel(model, dir);
        io.out.write(
          removed
            ? `Removed ${model.name} from ${dir}\n`
            : `${model.name} is not installed in ${dir}\n`,
        );
        return 0;
      }
      default:
        io.err.write(USAGE);
        return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
    }
  } catch (err) {
    if (err instanceof ModelsError) {
      io.err.write(`${err.message}\n`);
      return 1;
    }
    // Anything else is a bug or an unexpected system error: still one line for the user.
    io.err.write(
      `models ${command ?? ''} failed: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    return 1;
  }
}

const invokedDirectly = (() => {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  const code = await runModelsCli(process.argv.slice(2), {
    out: process.stdout,
    err: process.stderr,
    env: process.env,
  });
  process.exitCode = code;
}
