import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { createLocalStore } from './platform/storage/local.js';
import { BackupError, restoreBackup } from './ops/backup.js';

/**
 * `npm run restore -- <backup directory>`: into the instance the environment names
 * (DATA_DIR / DATABASE_URL and MEDIA_DIR), which must be empty. Checksums are verified first.
 */
async function main() {
  const arg = process.argv[2];
  if (!arg) throw new BackupError('usage: npm run restore -- <backup directory>');
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
  });
  try {
    // npm runs this in apps/server; a relative directory means the one the operator typed it in.
    const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
    const done = await restoreBackup(database, createLocalStore(config.mediaDir), dir);
    console.log(`Parley: restored ${done.rows} rows and ${done.media} media files from ${dir}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Parley: restore failed:', err instanceof BackupError ? err.message : err);
  process.exit(1);
});
