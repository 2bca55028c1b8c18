import { demoWanted, seedIfEmpty } from './db/seed/seed';
import { countAccounts } from './modules/accounts/accounts.queries';
import {
  accountsWithDemoPassword,
  adminCredentialsProblem,
  createRootAccount,
  PASSWORD_RULE,
} from './modules/accounts/first-admin';
import type { PublishingContext } from './modules/publishing/publishing.context';

/** A start that must not go on; its message says what to do (main prints it and exits with 2). */
export class StartRefused extends Error {}

export const NO_ADMIN_MESSAGE = [
  'The database holds no account, and a production start creates none with a known password.',
  'Create the first administrator (a root operator) in one of two ways:',
  '  - set ADMIN_USERNAME and ADMIN_PASSWORD for this start, or',
  '  - run `npm run create-admin` (it asks; or `npm run create-admin -- --username <name> --password <password>`).',
  `The password must be ${PASSWORD_RULE}.`,
  'For a demo instead, start with SEED_DEMO=true on an empty database.',
].join('\n');

export const SEED_DEMO_REFUSED_MESSAGE = [
  'SEED_DEMO=true would load the demo accounts, whose password is published in the README, and a production',
  'start refuses accounts with that password. Nothing was seeded.',
  'To go live, leave SEED_DEMO unset and create the first administrator (ADMIN_USERNAME and ADMIN_PASSWORD, or',
  '`npm run create-admin`). For a demo on purpose, start with SEED_DEMO=true and ALLOW_DEMO_PASSWORDS=true.',
].join('\n');

/**
 * The accounts of a start, before it listens (docs/operations.md "Going live"):
 * 1. the demo data when SEED_DEMO (resolved by config: the embedded default only, unless asked), and only
 *    into a database holding no account; a production start refuses to seed it (before seeding anything)
 *    unless ALLOW_DEMO_PASSWORDS=true;
 * 2. the first administrator from ADMIN_USERNAME/ADMIN_PASSWORD when the database still holds no account;
 * 3. a production start with no account at all is refused, with how to create one;
 * 4. a production start is refused while an account has the published demo password, naming them, unless
 *    ALLOW_DEMO_PASSWORDS=true.
 * With `demoLater` the demo data is not loaded here: `demoPending` says that the caller is to load it
 * (seedIfEmpty) once the server listens, and steps 2 and 3 leave the database to it.
 * Returns whether the demo data was loaded now, or is to be.
 */
export async function prepareAccounts(
  ctx: PublishingContext,
  options: { demoLater?: boolean } = {},
): Promise<{ demoLoaded: boolean; demoPending: boolean }> {
  const { config, log } = ctx;
  // Checked before seeding: the demo's accounts carry the published password, which a production start refuses
  // below, so a production demo would be seeded and then left behind by a start that refuses to run.
  if (config.SEED_DEMO && config.production && !config.ALLOW_DEMO_PASSWORDS && (await countAccounts(ctx.db)) === 0) {
    throw new StartRefused(SEED_DEMO_REFUSED_MESSAGE);
  }
  const demoPending = config.SEED_DEMO && options.demoLater === true && (await demoWanted(ctx));
  const demoLoaded = config.SEED_DEMO && !options.demoLater ? await seedIfEmpty(ctx) : false;
  const username = config.ADMIN_USERNAME;
  const password = config.ADMIN_PASSWORD;
  if (Boolean(username) !== Boolean(password)) {
    throw new StartRefused('ADMIN_USERNAME and ADMIN_PASSWORD go together: set both, or neither.');
  }
  if (demoPending) {
    if (username)
      log.info('ADMIN_USERNAME not used: the demo data, loaded once the server listens, brings its accounts');
  } else if ((await countAccounts(ctx.db)) === 0) {
    if (username && password) {
      const problem = adminCredentialsProblem(username, password);
      if (problem) throw new StartRefused(`ADMIN_PASSWORD refused: ${problem}.`);
      const admin = await createRootAccount(ctx, { username, password });
      log.info({ username: admin.username }, 'first administrator created from ADMIN_USERNAME');
    } else if (config.production) {
      throw new StartRefused(NO_ADMIN_MESSAGE);
    } else {
      log.warn('the database holds no account: nobody can sign in (see `npm run create-admin`)');
    }
  } else if (username) {
    log.info('ADMIN_USERNAME not used: the database already holds accounts');
  }
  if (config.production && !config.ALLOW_DEMO_PASSWORDS) {
    const names = await accountsWithDemoPassword(ctx.db);
    if (names.length > 0) {
      throw new StartRefused(
        [
          `These accounts still have the published demo password: ${names.join(', ')}.`,
          'A production start refuses them: anyone who read the README can sign in as them.',
          'Start once with ALLOW_DEMO_PASSWORDS=true, sign in and change their passwords; or, for a demo',
          'on purpose, keep ALLOW_DEMO_PASSWORDS=true.',
        ].join('\n'),
      );
    }
  }
  return { demoLoaded, demoPending };
}
