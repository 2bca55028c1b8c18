import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * Creating a PGlite database runs initdb, which takes seconds; loading a dump of one takes well under
 * a second. So the first database made on a machine (by `npm install`'s prepare step, or on demand) is
 * migrated and dumped to a cache file, and every new database (a first start, every test file) starts
 * from that dump. The cache is keyed by the migrations, so a new migration makes a new template.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(here, 'migrations');
const CACHE_DIR = path.resolve(here, '../../../../node_modules/.cache/robot-ads');

function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

export function templatePath(): string {
  return path.join(CACHE_DIR, `pglite-${migrationsKey()}.tar`);
}

/** The migrated template as a Blob for PGlite's loadDataDir, made and cached when missing. */
export async function pgliteTemplate(): Promise<Blob> {
  const file = templatePath();
  if (!fs.existsSync(file)) {
    const client = await PGlite.create();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    await client.close();
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
    for (const old of fs.readdirSync(CACHE_DIR)) {
      if (old.startsWith('pglite-') && path.join(CACHE_DIR, old) !== file && !old.startsWith(path.basename(file))) {
        fs.rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
      }
    }
    return dump;
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * The same template as a data folder, for a database on disk: a new folder is a copy of it, which then opens
 * like any existing one. Loading the dump into a folder writes its 40 MB through PGlite's file layer (3.9 s on a
 * loaded machine); a copy and an open took 1.7 s. Made once from the dump, in a folder beside it and renamed
 * into place (two processes at once both succeed).
 */
export async function pgliteTemplateDir(): Promise<string> {
  const dir = `${templatePath()}.d`;
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const dump = await pgliteTemplate();
  const tmp = `${dir}.${process.pid}.${Date.now()}.tmp`;
  const client = await PGlite.create({ dataDir: tmp, loadDataDir: dump });
  await client.close();
  try {
    fs.renameSync(tmp, dir);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw err;
  }
  return dir;
}

/**
 * Makes `dataDir` a new database, a copy of the template folder: copied beside it and renamed, so a start
 * stopped halfway leaves no half database that would pass for one.
 */
export async function copyTemplateTo(dataDir: string): Promise<void> {
  const template = await pgliteTemplateDir();
  const tmp = `${dataDir}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(template, tmp, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(tmp, dataDir);
}

// `node --import tsx apps/server/src/db/pglite-template.ts` prepares the template (dump and folder) ahead of time.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await pgliteTemplateDir();
}
