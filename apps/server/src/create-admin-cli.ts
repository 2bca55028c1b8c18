import readline from 'node:readline';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import {
  adminCredentialsProblem,
  createRootAccount,
  FirstAdminError,
  PASSWORD_RULE,
} from './modules/accounts/first-admin';
import { ConfigError, loadConfig } from './platform/config';

// npm run create-admin                                          asks for the username and the password (a terminal)
// npm run create-admin -- --username <name> --password <pass>  for scripts
// ADMIN_USERNAME=<name> ADMIN_PASSWORD=<pass> npm run create-admin   the same, the password kept out of `ps`
// Creates a root operator on the database the server uses (DATA_DIR's embedded database, or DATABASE_URL).

function flag(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

/** One line read from the terminal; the typed characters are not shown when `hidden`. */
function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      const out = rl as unknown as { _writeToOutput: (s: string) => void };
      out._writeToOutput = (s: string) => {
        if (s.startsWith(question)) process.stdout.write(question);
        else if (s.includes('\n') || s.includes('\r')) process.stdout.write('\n');
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}

function fail(message: string): never {
  console.error(`create-admin: ${message}`);
  process.exit(1);
}

async function credentials(): Promise<{ username: string; password: string }> {
  let username = flag('username') ?? (process.env.ADMIN_USERNAME || undefined);
  let password = flag('password') ?? (process.env.ADMIN_PASSWORD || undefined);
  if (username !== undefined && password !== undefined) return { username, password };
  if (!process.stdin.isTTY) {
    fail('not a terminal: give both --username <name> and --password <password>');
  }
  console.log(`The password must be ${PASSWORD_RULE}.`);
  username ??= (await ask('Username: ')).trim();
  if (password === undefined) {
    password = await ask('Password: ', true);
    const again = await ask('Password again: ', true);
    if (again !== password) fail('the two passwords do not match');
  }
  return { username, password };
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = { ...loadConfig(), LOG_LEVEL: 'warn' as const };
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err));
  }
  const { username, password } = await credentials();
  const problem = adminCredentialsProblem(username, password);
  if (problem) fail(problem);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const app = await buildApp({ config, database });
    try {
      const admin = await createRootAccount(app.ctx, { username, password });
      console.log(`Administrator "${admin.username}" created (a root operator). Sign in as an operator.`);
    } finally {
      await app.close();
    }
  } catch (err) {
    if (err instanceof FirstAdminError) {
      await database.close();
      fail(err.message);
    }
    throw err;
  }
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
