import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Debian keeps the server binaries (initdb, pg_ctl) off the PATH, under /usr/lib/postgresql/<v>/bin. */
function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return name;
}

/**
 * A throw-away PostgreSQL cluster on 127.0.0.1 (as the postgres user when running as root), with a
 * database `bench`; `settings` are extra server options such as `-c synchronous_commit=off`.
 */
export async function startPostgres(settings = ''): Promise<{ url: string; stop(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-pg-'));
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPostgres.length) execFileSync('chown', ['postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const [bin, ...rest] = [...asPostgres, postgresBin(cmd), ...args];
    execFileSync(bin as string, rest, { stdio: 'ignore' });
  };
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    dir,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${settings}`,
    'start',
  ]);
  run('createdb', ['-h', dir, '-p', String(port), '-U', 'postgres', 'bench']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bench`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
