// npm run backup [-- <file>]: a consistent SQL backup of the database the server is configured for
// (DATA_DIR or DATABASE_URL, as the server reads them). Default file: <DATA_DIR>/backups/robot-ads-<UTC time>.sql.
// The embedded database must not be in use (stop the server first); PostgreSQL may be in use.
import path from 'node:path';
import { backupDatabase, embeddedDatabaseUser } from '../apps/server/src/db/backup';
import { openDatabase } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/platform/config';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `robot-ads-${stamp}.sql`));
if (!config.DATABASE_URL) {
  const user = embeddedDatabaseUser(path.join(config.dataDir, 'pgdata'));
  if (user) {
    console.error(
      `The embedded database in ${config.dataDir} is in use by process ${user}: stop the server, then back up.`,
    );
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const summary = await backupDatabase(database, file);
  console.log(
    `Backup written: ${summary.file} (${summary.tables} tables, ${summary.rows} rows, migration ${summary.migrations}).`,
  );
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
