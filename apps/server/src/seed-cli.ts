import { buildApp } from './app';
import { openDatabase } from './db/client';
import { resetDatabase, seedDemo, seedIfEmpty } from './db/seed/seed';
import { loadConfig } from './platform/config';

// npm run seed            loads demo data into an empty database
// npm run seed -- --reset drops everything, migrates again and loads the demo data afresh
const reset = process.argv.includes('--reset');
const config = { ...loadConfig(), LOG_LEVEL: 'warn' as const };
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  if (reset) await resetDatabase(database);
  await database.migrate();
  const app = await buildApp({ config, database });
  let loaded = true;
  if (reset) await seedDemo(app.ctx);
  else loaded = await seedIfEmpty(app.ctx);
  console.log(
    loaded
      ? 'Demo data loaded.'
      : 'Demo data not loaded: the database already holds demo data or accounts (use --reset to rebuild it).',
  );
  await app.close();
} finally {
  await database.close();
}
