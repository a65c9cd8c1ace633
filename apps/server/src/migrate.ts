import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';

/**
 * Migrates the database and exits: a cluster's migration Job runs this before new API and
 * worker processes start (they migrate on start too, which then finds nothing to do).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
  });
  try {
    await database.migrate();
    console.log(
      `Parley: the ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} database is migrated`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Parley: migration failed:', err);
  process.exit(1);
});
