import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Two rules of docs/conventions.md checked on the source text (apps/server/src/architecture.test.ts holds
 * the ratchets):
 * - data access in one place: a module file other than its repository, `*.queries.ts`, table, seed or
 *   test makes no database call, writes no raw `sql` and builds no drizzle query;
 * - no source file over MAX_LINES lines (catalogues, locale files, migrations and tests aside).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_LINES = 400;

const rel = (base: string, file: string) => path.relative(base, file).split(path.sep).join('/');

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(full)) out.push(full);
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)(test|e2e)\//.test(file);

/** Files of a module that may hold queries: the repository, `*.queries.ts`, tables, seeds and tests. */
const QUERY_HOMES = /(\.repository|\.queries|\.table|\.seed|\.test|\.int\.test)\.ts$|\.d\.ts$/;

const DB_CALL =
  /\b(?:ctx\.db|this\.db|deps\.db|db|tx|trx)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query)\s*[(<.]/g;
const RAW_SQL = /\bsql(?:\s*<[^>`]*>)?\s*`|\bsql\.raw\s*\(/g;
/** A value import (not `import type`) from drizzle: where clauses or queries built outside the repository. */
const DRIZZLE_IMPORT = /^import\s+(?!type\b)[^;]*?from\s+'drizzle-orm(?:\/[^']*)?'/gm;

/** The database calls, raw `sql` templates and drizzle builder imports in a source text, as short labels. */
export function queriesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(DB_CALL)) found.push(m[0].replace(/\s+/g, '').replace(/[(<.]$/, ''));
  for (const _ of text.matchAll(RAW_SQL)) found.push('sql`...`');
  for (const _ of text.matchAll(DRIZZLE_IMPORT)) found.push("import from 'drizzle-orm'");
  return found;
}

/**
 * Files under `<serverSrc>/modules` (named relative to `base`) that make a database call outside the
 * places queries live, with what was found in each.
 */
export function queriesOutsideRepositories(
  serverSrc = path.join(root, 'apps/server/src'),
  base = root,
): Map<string, string[]> {
  const files = walk(path.join(serverSrc, 'modules'), (f) => /\.tsx?$/.test(f) && !QUERY_HOMES.test(f));
  const out = new Map<string, string[]>();
  for (const file of files.sort()) {
    const found = queriesIn(fs.readFileSync(file, 'utf8'));
    if (found.length > 0) out.set(rel(base, file), found);
  }
  return out;
}

/** Trees whose files are source (everything a person edits by hand and reads). */
export const SOURCE_TREES = ['apps/server/src', 'apps/web/src', 'apps/player/src', 'packages', 'tools', 'bench'];

/**
 * Exempt from the line limit: catalogues (the error catalogue, the menu catalogue, `*.catalogue.ts`), locale
 * files, migrations, generated files and tests.
 */
const LONG_ALLOWED = [
  /\.catalogue\.ts$/,
  /^packages\/contracts\/src\/common\/errors\.ts$/,
  /(^|\/)locales?\//,
  /(^|\/)(migrations|drizzle)\//,
  /\.generated\.ts$/,
  /(^|\/)generated\//,
];

/** Source files (relative to `base`) longer than MAX_LINES lines, with their line counts. */
export function longFiles(base = root, trees = SOURCE_TREES): Map<string, number> {
  const out = new Map<string, number>();
  for (const tree of trees) {
    const files = walk(path.join(base, tree), (f) => /\.(ts|tsx|mjs|js)$/.test(f) && !/\.d\.ts$/.test(f));
    for (const file of files) {
      const name = rel(base, file);
      if (isTest(name) || LONG_ALLOWED.some((p) => p.test(name))) continue;
      const text = fs.readFileSync(file, 'utf8');
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > MAX_LINES) out.set(name, lines);
    }
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** A ratchet list: one path a line, `#` comments and blank lines ignored. */
export function readRatchet(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * Compares what was found with a ratchet list: `added` are offenders not on the list (fix them), `cleaned`
 * are listed files that are no longer offenders or no longer exist (take them off the list, so it only
 * shrinks).
 */
export function ratchet(found: Iterable<string>, listed: readonly string[]): { added: string[]; cleaned: string[] } {
  const now = new Set(found);
  const list = new Set(listed);
  return {
    added: [...now].filter((f) => !list.has(f)).sort(),
    cleaned: [...list].filter((f) => !now.has(f)).sort(),
  };
}

/** The one file that builds the server's services (docs/architecture.md, "Wiring"). */
export const WIRING_FILE = 'apps/server/src/app.ts';
const SERVICE_CONSTRUCTION = /\bnew\s+[A-Z]\w*Service\s*\(/g;

/**
 * Services constructed outside buildApp (WIRING_FILE), tests aside: each service is built once there and
 * handed to what uses it, so no route, service or job builds one of its own (a second copy with other
 * dependencies, or state kept twice).
 */
export function serviceConstructionsOutsideWiring(serverSrc = path.join(root, 'apps/server/src'), base = root) {
  const files = walk(serverSrc, (f) => /\.tsx?$/.test(f) && !/\.d\.ts$/.test(f));
  const out = new Map<string, string[]>();
  for (const file of files.sort()) {
    const name = rel(base, file);
    if (isTest(name) || name === WIRING_FILE) continue;
    const found = fs.readFileSync(file, 'utf8').match(SERVICE_CONSTRUCTION);
    if (found)
      out.set(
        name,
        found.map((m) => m.replace(/\s+/g, ' ')),
      );
  }
  return out;
}
