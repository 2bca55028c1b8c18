// npm run restore -- <file>: loads a backup made by `npm run backup` into the database the server is
// configured for (DATA_DIR or DATABASE_URL), which must hold no data yet; it is migrated first. A backup
// of the embedded database restores into PostgreSQL and the other way round.
import path from 'node:path';
import { embeddedDatabaseUser, RestoreError, restoreDatabase } from '../apps/server/src/db/backup';
import { openDatabase } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/platform/config';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>   (target: DATA_DIR or DATABASE_URL)');
  process.exit(2);
}
const config = loadConfig();
if (!config.DATABASE_URL) {
  const user = embeddedDatabaseUser(path.join(config.dataDir, 'pgdata'));
  if (user) {
    console.error(
      `The embedded database in ${config.dataDir} is in use by process ${user}: stop the server, then restore.`,
    );
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const { statements } = await restoreDatabase(database, path.resolve(file));
  const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  console.log(`Restored ${file} into ${target} (${statements} statements). Start the server as usual.`);
} catch (err) {
  console.error(
    err instanceof RestoreError ? `Not restored: ${err.message}` : `Restore failed: ${(err as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
