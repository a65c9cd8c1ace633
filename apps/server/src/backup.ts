import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { createLocalStore } from './platform/storage/local.js';
import { BackupError, createBackup } from './ops/backup.js';

/**
 * `npm run backup -- <directory>`: the database (PGlite under DATA_DIR or DATABASE_URL's
 * PostgreSQL) and the media store (MEDIA_DIR) into a new directory, with manifest.json.
 * The default directory is DATA_DIR/backups/<time>. PGlite's data directory belongs to one
 * process: stop the server first (PostgreSQL is read in a snapshot while it runs).
 */
async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // npm runs this in apps/server; a relative directory means the one the operator typed it in.
  const base = process.env.INIT_CWD ?? process.cwd();
  const dir = process.argv[2]
    ? path.resolve(base, process.argv[2])
    : path.join(config.dataDir, 'backups', stamp);
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
  });
  try {
    const m = await createBackup(database, createLocalStore(config.mediaDir), dir);
    const rows = m.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Parley: backup written to ${dir}: ${rows} rows in ${m.tables.length} tables, ` +
        `${m.media.objects} media files, ${m.files.length} files checksummed in manifest.json`,
    );
    if (m.media.missingMedia.length > 0) {
      console.log(
        `${m.media.missingMedia.length} media files were deleted while copying (listed in the manifest)`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Parley: backup failed:', err instanceof BackupError ? err.message : err);
  process.exit(1);
});
