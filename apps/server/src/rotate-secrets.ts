import { loadConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { createSecretBox } from './platform/secrets.js';
import { rotateSecrets } from './ops/rotate-secrets.js';

/**
 * `npm run rotate-secrets`: with the new APP_SECRET and the old one as APP_SECRET_PREVIOUS,
 * seals every stored secret again under the new one and prints the counts. After it reports no
 * unreadable value, APP_SECRET_PREVIOUS can be removed.
 */
async function main() {
  const config = loadConfig();
  if (config.previousAppSecrets.length === 0) {
    console.warn(
      'Parley: APP_SECRET_PREVIOUS is not set; only values already under APP_SECRET open',
    );
  }
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
  });
  try {
    await database.migrate();
    const box = createSecretBox(config.appSecret, config.previousAppSecrets);
    const counts = await rotateSecrets(database.db, box, config.appSecret);
    let resealed = 0;
    let unreadable = 0;
    for (const c of counts) {
      console.log(`${c.column}: ${c.resealed} sealed again, ${c.unreadable} unreadable`);
      resealed += c.resealed;
      unreadable += c.unreadable;
    }
    console.log(
      `Parley: ${resealed} stored secrets sealed under APP_SECRET, ${unreadable} unreadable`,
    );
    if (unreadable > 0) {
      console.log(
        'Unreadable values were sealed under a key neither APP_SECRET nor APP_SECRET_PREVIOUS holds; they are left as they were (the owners reconnect).',
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Parley: secret rotation failed:', err);
  process.exit(1);
});
