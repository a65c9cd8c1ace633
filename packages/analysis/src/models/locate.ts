// Where pulled models live and which of them the analysis uses when nothing is configured.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CATALOGUE, type CatalogueModel } from './catalogue.js';

type Env = Record<string, string | undefined>;

/** DATA_DIR/models, with DATA_DIR resolved as the server resolves it (default ./data). */
export function modelsDir(env: Env = process.env): string {
  return join(resolve(env.DATA_DIR || './data'), 'models');
}

/** A catalogue model whose finished file is in the folder (a `.part` does not count). */
export interface InstalledModel {
  model: CatalogueModel;
  path: string;
  bytes: number;
}

/**
 * The catalogue's models present in `dir`. `pull` renames a download to its final name only
 * after its SHA-256 matched, so a file under that name is a verified one (or one the
 * administrator put there by hand).
 */
export function installedModels(
  dir: string,
  catalogue: readonly CatalogueModel[] = CATALOGUE,
): InstalledModel[] {
  const out: InstalledModel[] = [];
  for (const model of catalogue) {
    const path = join(dir, model.file);
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isFile() && stat.size > 0) out.push({ model, path, bytes: stat.size });
  }
  return out;
}

/** The highest-ranked whisper model present, or null. */
export function bestWhisperModel(dir: string): InstalledModel | null {
  const whisper = installedModels(dir).filter((m) => m.model.kind === 'whisper');
  whisper.sort((a, b) => (b.model.rank ?? 0) - (a.model.rank ?? 0));
  return whisper[0] ?? null;
}

/** The speaker-embedding model present (the first in catalogue order), or null. */
export function pulledSpeakerModel(dir: string): InstalledModel | null {
  return installedModels(dir).find((m) => m.model.kind === 'speaker-embedding') ?? null;
}

/**
 * The speaker-embedding model to use: SPEAKER_EMBEDDING_MODEL when set (an empty value turns
 * the model off), else the one pulled into DATA_DIR/models, else null (the built-in voice
 * features are used).
 */
export function speakerEmbeddingModelPath(env: Env = process.env): string | null {
  const set = env.SPEAKER_EMBEDDING_MODEL;
  if (set !== undefined) return set.trim() === '' ? null : resolve(set);
  return pulledSpeakerModel(modelsDir(env))?.path ?? null;
}
