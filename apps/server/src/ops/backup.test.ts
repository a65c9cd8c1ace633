import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client.js';
import { createLocalStore } from '../platform/storage/local.js';
import { createTestContext, freshDatabase, signIn, type TestContext } from '../test/context.js';
import { insertMeeting, saveTranscript } from '../test/transcripts-kit.js';
import { readSequences, tablesInOrder } from './backup-db.js';
import { createBackup, restoreBackup, type Manifest } from './backup.js';

let ctx: TestContext;
let work: string;
let manifest: Manifest;
const media = new Map<string, Buffer>();
const targets: { database: Database; drop: () => Promise<void> }[] = [];

/** Every row of every table, as sorted JSON texts: what "the same data" means here. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of await tablesInOrder(database.db)) {
    const result = (await database.db.execute(
      sql`SELECT row_to_json(t)::text AS r FROM ${sql.identifier(t.name)} t`,
    )) as unknown as { rows: { r: string }[] };
    out[t.name] = result.rows.map((x) => x.r).sort();
  }
  return out;
}

async function emptyTarget() {
  const target = await freshDatabase();
  targets.push(target);
  return target.database;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'parley-backup-'));
  ctx = await createTestContext();
  const owner = await signIn(ctx, 'user@acme.parley.local');
  const org = owner.user.organizationId;
  const id = await insertMeeting(ctx, org, owner.user.id, 'backed-up');
  await saveTranscript(ctx, id, org);
  const store = createLocalStore(path.join(work, 'media-source'));
  media.set(`${org}/meetings/${id}/recording.webm`, randomBytes(300_000));
  media.set(`${org}/profile/avatar.png`, randomBytes(2_000));
  for (const [key, bytes] of media) await store.put(key, bytes);
  // The app stops first so the comparison below sees exactly what the snapshot saw.
  await ctx.app.close();
  manifest = await createBackup(ctx.database, store, path.join(work, 'backup'));
}, 120_000);

afterAll(async () => {
  for (const t of targets) {
    await t.database.close();
    await t.drop();
  }
  await ctx.database.close();
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('writes a manifest with the migration level and every file checksummed', () => {
    expect(manifest.database.migrations.count).toBeGreaterThan(40);
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBeGreaterThan(3);
    expect(manifest.media.objects).toBe(2);
    const files = manifest.files.map((f) => f.path);
    expect(files).toContain('db/meetings.jsonl');
    for (const key of media.keys()) expect(files).toContain(`media/${key}`);
    const recording = manifest.files.find((f) => f.path.endsWith('recording.webm'));
    expect(recording?.bytes).toBe(300_000);
    expect(recording?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('restores into an empty instance: the same rows, sequences and media bytes', async () => {
    const target = await emptyTarget();
    const store = createLocalStore(path.join(work, 'media-restored'));
    const done = await restoreBackup(target, store, path.join(work, 'backup'));
    expect(done.media).toBe(2);
    expect(done.rows).toBe(manifest.tables.reduce((n, t) => n + t.rows, 0));

    const [before, after] = [await contents(ctx.database), await contents(target)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const name of Object.keys(before))
      expect({ name, rows: after[name] }).toEqual({ name, rows: before[name] });
    expect(before.meeting_transcripts?.length).toBeGreaterThan(0);
    expect(await readSequences(target.db)).toEqual(await readSequences(ctx.database.db));
    for (const [key, bytes] of media) {
      expect(readFileSync(path.join(work, 'media-restored', ...key.split('/'))).equals(bytes)).toBe(
        true,
      );
    }

    // The restored instance is not empty any more: a second restore into it is refused.
    await expect(
      restoreBackup(
        target,
        createLocalStore(path.join(work, 'media-again')),
        path.join(work, 'backup'),
      ),
    ).rejects.toThrow(/target database is not empty/);
  }, 120_000);

  it('refuses a backup whose files do not match the manifest, before touching the target', async () => {
    const file = path.join(work, 'backup', 'db', 'meetings.jsonl');
    const original = readFileSync(file);
    const altered = Buffer.from(original);
    altered[10] = (altered[10] ?? 0) ^ 1;
    writeFileSync(file, altered);
    try {
      const target = await emptyTarget();
      await expect(
        restoreBackup(
          target,
          createLocalStore(path.join(work, 'media-bad')),
          path.join(work, 'backup'),
        ),
      ).rejects.toThrow(/does not match its manifest[\s\S]*db\/meetings\.jsonl/);
      const users = (await target.db.execute(
        sql`SELECT count(*)::int AS n FROM users`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(users.rows[0]?.n).toBe(0);
    } finally {
      writeFileSync(file, original);
    }
  }, 60_000);

  it('refuses a backup directory that already holds files', async () => {
    await expect(
      createBackup(
        ctx.database,
        createLocalStore(path.join(work, 'media-source')),
        path.join(work, 'backup'),
      ),
    ).rejects.toThrow(/is not empty/);
  });
});
