import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { finished, pipeline } from 'node:stream/promises';
import type { Database } from '../platform/db/client.js';
import type { ObjectStore } from '../platform/storage/types.js';
import {
  BATCH_ROWS,
  insertRows,
  migrationLevel,
  readSequences,
  readTable,
  rowCount,
  replicaMode,
  tablesInOrder,
  writeSequences,
  type MigrationLevel,
  type SequenceValue,
} from './backup-db.js';

/**
 * `npm run backup` / `npm run restore`: a directory holding the database (db/<table>.jsonl),
 * the media store's files (media/<key>) and manifest.json listing every file with its size
 * and SHA-256.
 *
 * Consistency: the database is read inside one REPEATABLE READ, READ ONLY transaction, so
 * every table comes from the same snapshot while the app keeps running. Media is copied after
 * that snapshot: a file the snapshot references was written before its row, so it is there; a
 * file uploaded later is copied too (unreferenced, harmless); a file deleted in between (its
 * meeting deleted after the snapshot) is listed under `missingMedia`.
 */

export const MANIFEST = 'manifest.json';
const FORMAT = 'parley-backup';
const VERSION = 1;

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: { kind: Database['kind']; migrations: MigrationLevel; snapshot: 'repeatable read' };
  tables: { name: string; rows: number; file: string }[];
  sequences: SequenceValue[];
  media: { provider: ObjectStore['provider']; objects: number; missingMedia: string[] };
  files: ManifestFile[];
}

/** A backup or restore refused for a reason the operator can act on (printed as it is). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Writes the backup into `dir`, which must not exist yet or be empty. */
export async function createBackup(
  database: Database,
  store: ObjectStore,
  dir: string,
  now: () => Date = () => new Date(),
): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty`);
  await mkdir(path.join(dir, 'db'));
  const createdAt = now().toISOString();

  const snapshot = await database.db.transaction(
    async (tx) => {
      const tables: Manifest['tables'] = [];
      for (const t of await tablesInOrder(tx)) {
        const file = `db/${t.name}.jsonl`;
        const out = createWriteStream(path.join(dir, file));
        let n = 0;
        for await (const batch of readTable(tx, t.name)) {
          if (!out.write(batch.join('\n') + '\n')) await once(out, 'drain');
          n += batch.length;
        }
        out.end();
        await finished(out);
        tables.push({ name: t.name, rows: n, file });
      }
      return { tables, migrations: await migrationLevel(tx), sequences: await readSequences(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const objects = await store.list('', Number.MAX_SAFE_INTEGER);
  const missingMedia: string[] = [];
  let copied = 0;
  for (const o of objects) {
    const target = path.join(dir, 'media', ...o.key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await pipeline(await store.get(o.key), createWriteStream(target));
      copied++;
    } catch (err) {
      if ((await store.info(o.key)) !== null) throw err;
      missingMedia.push(o.key);
    }
  }

  const files: ManifestFile[] = [];
  for (const rel of await listFiles(dir)) {
    files.push({ path: rel, ...(await fileDigest(path.join(dir, rel))) });
  }
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    createdAt,
    database: { kind: database.kind, migrations: snapshot.migrations, snapshot: 'repeatable read' },
    tables: snapshot.tables,
    sequences: snapshot.sequences,
    media: { provider: store.provider, objects: copied, missingMedia },
    files,
  };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** Every file under dir, '/'-separated and relative, sorted. */
async function listFiles(dir: string, sub = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (e.isFile() && rel !== MANIFEST) out.push(rel);
  }
  return out.sort();
}

/** The manifest, once every file it lists is present with its size and checksum. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(
      `${path.join(dir, MANIFEST)} is missing or not JSON: not a Parley backup`,
    );
  }
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new BackupError(`${dir} is not a Parley backup of version ${VERSION}`);
  }
  const bad: string[] = [];
  for (const f of manifest.files) {
    const file = path.join(dir, ...f.path.split('/'));
    if (!path.resolve(file).startsWith(path.resolve(dir) + path.sep)) {
      throw new BackupError(`the manifest names a file outside the backup: ${f.path}`);
    }
    const seen = await stat(file).then(
      () => fileDigest(file),
      () => null,
    );
    if (!seen) bad.push(`${f.path}: missing`);
    else if (seen.bytes !== f.bytes || seen.sha256 !== f.sha256) {
      bad.push(
        `${f.path}: ${seen.bytes} bytes, sha256 ${seen.sha256.slice(0, 12)}…; the manifest says ${f.bytes} bytes, ${f.sha256.slice(0, 12)}…`,
      );
    }
  }
  if (bad.length > 0) {
    throw new BackupError(
      `the backup does not match its manifest, nothing was restored:\n  ${bad.slice(0, 20).join('\n  ')}`,
    );
  }
  return manifest;
}

/**
 * Restores a verified backup into an empty instance: the database migrated to the backup's
 * level with no rows, and a media store with no objects. The rows go in one transaction
 * (all or nothing); the media after it.
 */
export async function restoreBackup(
  database: Database,
  store: ObjectStore,
  dir: string,
): Promise<{ rows: number; media: number }> {
  const manifest = await verifyBackup(dir);
  await database.migrate();
  const level = await migrationLevel(database.db);
  const want = manifest.database.migrations;
  if (level.count !== want.count || level.last !== want.last) {
    throw new BackupError(
      `the backup was made at migration ${want.count} and this version is at ${level.count}: ` +
        'restore with the version that made it, then upgrade',
    );
  }
  const tables = await tablesInOrder(database.db);
  const filled: string[] = [];
  for (const t of tables) {
    const n = await rowCount(database.db, t.name);
    if (n > 0) filled.push(`${t.name} (${n})`);
  }
  if (filled.length > 0) {
    throw new BackupError(
      `the target database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}): ` +
        'restore into a new database or DATA_DIR that no server has started on',
    );
  }
  if ((await store.list('', 1)).length > 0) {
    throw new BackupError('the target media store is not empty: restore into an empty one');
  }
  const byName = new Map(tables.map((t) => [t.name, t]));
  const missing = manifest.tables.filter((t) => !byName.has(t.name)).map((t) => t.name);
  if (missing.length > 0) throw new BackupError(`tables not in this schema: ${missing.join(', ')}`);

  let rows = 0;
  await database.db.transaction(async (tx) => {
    await replicaMode(tx);
    for (const t of tables) {
      const entry = manifest.tables.find((m) => m.name === t.name);
      if (!entry) continue;
      let batch: string[] = [];
      const lines = createInterface({ input: createReadStream(path.join(dir, entry.file)) });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= BATCH_ROWS) {
          await insertRows(tx, t, batch);
          rows += batch.length;
          batch = [];
        }
      }
      await insertRows(tx, t, batch);
      rows += batch.length;
    }
    await writeSequences(tx, manifest.sequences);
  });

  let media = 0;
  const mediaFiles = manifest.files.filter((f) => f.path.startsWith('media/'));
  for (const f of mediaFiles) {
    const key = f.path.slice('media/'.length);
    await store.put(key, createReadStream(path.join(dir, ...f.path.split('/'))));
    media++;
  }
  return { rows, media };
}
