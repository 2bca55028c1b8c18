import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyse } from '../../../tools/module-graph';
import { ARCHITECTURE_DOC, renderModuleMap, rolesOutOfDate, withModuleMap } from '../../../tools/module-map';
import {
  longFiles,
  MAX_LINES,
  queriesIn,
  queriesOutsideRepositories,
  ratchet,
  readRatchet,
  serviceConstructionsOutsideWiring,
  WIRING_FILE,
} from '../../../tools/source-rules';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');

// Issue 12's rule, whole: no module imports another module's table or repository, no web feature imports
// another feature, and the modules form no cycle. The lists below were a ratchet while the tree was moved
// onto the rule; they are empty now and stay empty (a listed entry that is gone fails too).
const KNOWN_BOUNDARY_VIOLATIONS: string[] = [];
const KNOWN_FEATURE_VIOLATIONS: string[] = [];
/** Strongly connected module groups still present. */
const KNOWN_CYCLES: string[][] = [];

describe('architecture of the real tree', () => {
  const report = analyse();
  const key = (v: { from: string; to: string }) => `${v.from} -> ${v.to}`;

  it('no module imports another module’s table or repository beyond the listed ones, all still present', () => {
    const found = report.boundaryViolations.map(key).sort();
    expect(found).toEqual([...KNOWN_BOUNDARY_VIOLATIONS].sort());
  });

  it('no web feature imports another feature', () => {
    expect(report.featureViolations.map(key)).toEqual(KNOWN_FEATURE_VIOLATIONS);
  });

  it('the module graph has no cycle beyond the listed ones', () => {
    const found = report.cycles.map((c) => [...c].sort().join(' <-> ')).sort();
    expect(found).toEqual(KNOWN_CYCLES.map((c) => [...c].sort().join(' <-> ')).sort());
  });

  it('no two files import each other, even through others (type imports count)', () => {
    expect(report.fileCycles).toEqual([]);
  });

  it('docs/architecture.md shows the module map of the real graph, every module with its role', () => {
    expect(rolesOutOfDate(report), "add or remove the module's line in MODULE_ROLES of tools/module-map.ts").toEqual({
      missing: [],
      gone: [],
    });
    const page = fs.readFileSync(ARCHITECTURE_DOC, 'utf8');
    expect(page, 'the module map is stale: run `npm run module-graph -- --write-docs`').toBe(
      withModuleMap(page, renderModuleMap(report)),
    );
  });
});

describe('architecture check on a tree with one violation of each kind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arch-fixture-'));
  const server = path.join(dir, 'apps/server/src');
  const web = path.join(dir, 'apps/web/src');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };

  write(path.join(server, 'modules/alpha/alpha.table.ts'), 'export const alpha = 1;\n');
  write(path.join(server, 'modules/alpha/alpha.repository.ts'), "import { alpha } from './alpha.table';\n");
  write(path.join(server, 'modules/alpha/alpha.service.ts'), "import { beta } from '../beta/beta.service';\n");
  // Foreign key: a table referencing another module's table is allowed.
  write(path.join(server, 'modules/beta/beta.table.ts'), "import { alpha } from '../alpha/alpha.table';\n");
  // The violation: a service reaching into another module's repository (and closing a cycle alpha <-> beta).
  write(
    path.join(server, 'modules/beta/beta.service.ts'),
    "import { findAlpha } from '../alpha/alpha.repository';\nexport const beta = 2;\n",
  );
  // The composition root may import anything.
  write(path.join(server, 'app.ts'), "import { alpha } from './modules/alpha/alpha.table';\n");
  // An import circle inside one module: no module cycle, but a file cycle.
  write(path.join(server, 'modules/alpha/alpha.rules.ts'), "import type { Limit } from './alpha.limits';\n");
  write(path.join(server, 'modules/alpha/alpha.limits.ts'), "import { rule } from './alpha.rules';\n");
  write(path.join(web, 'lib/api.ts'), 'export const api = 1;\n');
  write(path.join(web, 'features/one/pages/one-page.tsx'), "import { api } from '../../../lib/api';\n");
  write(path.join(web, 'features/two/pages/two-page.tsx'), "import { OnePage } from '../../one/pages/one-page';\n");

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const report = analyse(server, web);
  // The report names files relative to the repository; name them relative to the fixture instead.
  const inFixture = (file: string) => relative(path.resolve(repoRoot, file)).slice(relative(dir).length + 1);
  const files = (list: { from: string; to: string }[]) => list.map((v) => `${inFixture(v.from)} -> ${inFixture(v.to)}`);

  it('reports the cross-module repository import and nothing exempt', () => {
    expect(files(report.boundaryViolations)).toEqual([
      'apps/server/src/modules/beta/beta.service.ts -> apps/server/src/modules/alpha/alpha.repository.ts',
    ]);
  });

  it('reports the web feature importing another feature', () => {
    expect(files(report.featureViolations)).toEqual([
      'apps/web/src/features/two/pages/two-page.tsx -> apps/web/src/features/one/pages/one-page.tsx',
    ]);
  });

  it('reports the cycle between the two modules', () => {
    expect(report.cycles).toEqual([['modules/alpha', 'modules/beta']]);
  });

  it('reports the import circle between two files of one module', () => {
    expect(report.fileCycles.map((c) => c.map(inFixture))).toEqual([
      ['apps/server/src/modules/alpha/alpha.limits.ts', 'apps/server/src/modules/alpha/alpha.rules.ts'],
    ]);
  });
});

// Issue 26's ratchets: each list (one file a line, in apps/server/src/architecture/) started at the offenders of
// 2026-11-28 and may only shrink. A new offender fails, and so does a listed file that is clean (delete its line).
describe('ratchets of the real tree', () => {
  const list = (name: string) => readRatchet(path.join(import.meta.dirname, 'architecture', name));

  it('no module file outside its repository or *.queries.ts queries the database beyond the listed ones', () => {
    const found = queriesOutsideRepositories();
    const { added, cleaned } = ratchet(found.keys(), list('queries-outside-repositories.txt'));
    const why = added.map((f) => `${f}: ${[...new Set(found.get(f))].join(', ')} (move it to the repository)`);
    expect(why, 'new database calls outside a repository or *.queries.ts').toEqual([]);
    expect(cleaned, 'clean now: delete these lines from architecture/queries-outside-repositories.txt').toEqual([]);
  });

  it(`services are constructed only in buildApp (${WIRING_FILE}), never in a route, service or job`, () => {
    const found = [...serviceConstructionsOutsideWiring()].map(([f, calls]) => `${f}: ${calls.join(', ')}`);
    expect(found, 'build the service once in buildApp and pass it in').toEqual([]);
  });

  it(`no source file is over ${MAX_LINES} lines beyond the listed ones`, () => {
    const found = longFiles();
    const { added, cleaned } = ratchet(found.keys(), list('long-files.txt'));
    const why = added.map((f) => `${f}: ${found.get(f)} lines (split it by operation)`);
    expect(why, `new source files over ${MAX_LINES} lines`).toEqual([]);
    expect(cleaned, 'short now: delete these lines from architecture/long-files.txt').toEqual([]);
  });
});

describe('ratchet checks on a tree with one offender of each kind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratchet-fixture-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const mod = 'apps/server/src/modules/alpha';
  write(
    `${mod}/alpha.repository.ts`,
    "import { eq } from 'drizzle-orm';\nexport const q = (db) => db.select().from(t);\n",
  );
  write(`${mod}/alpha.queries.ts`, 'export const n = (db) => db.execute(sql`select 1`);\n');
  write(`${mod}/alpha.service.ts`, 'export const s = (ctx) => ctx.db.transaction(async () => repo.find(ctx.db));\n');
  write(`${mod}/alpha.routes.ts`, 'export const r = async (ctx) => ctx.db\n  .select()\n  .from(alpha);\n');
  write(
    `${mod}/create-alpha.ts`,
    "import { sql } from 'drizzle-orm';\nexport const c = (tx) => tx.execute(sql`select 1`);\n",
  );
  write(`${mod}/alpha.rules.ts`, "import type { SQL } from 'drizzle-orm';\nexport const limit = 3;\n");
  write('apps/server/src/long.ts', 'x;\n'.repeat(MAX_LINES + 1));
  write('apps/server/src/just-right.ts', 'x;\n'.repeat(MAX_LINES));
  write('packages/contracts/src/menus/menus.catalogue.ts', 'x;\n'.repeat(MAX_LINES + 1));
  write('apps/server/src/long.int.test.ts', 'x;\n'.repeat(MAX_LINES + 1));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds calls, raw sql and drizzle builders outside the repository, and nothing in a transaction call', () => {
    const found = queriesOutsideRepositories(path.join(dir, 'apps/server/src'), dir);
    expect(Object.fromEntries(found)).toEqual({
      [`${mod}/alpha.routes.ts`]: ['ctx.db.select'],
      [`${mod}/create-alpha.ts`]: ['tx.execute', 'sql`...`', "import from 'drizzle-orm'"],
    });
    expect(queriesIn('await this.ctx.db.query.accounts.findFirst()')).toEqual(['ctx.db.query']);
  });

  it('finds the file over the limit and leaves catalogues and tests aside', () => {
    expect(Object.fromEntries(longFiles(dir))).toEqual({ 'apps/server/src/long.ts': MAX_LINES + 1 });
  });

  it('fails a new offender and a listed file that is clean', () => {
    expect(ratchet(['a.ts', 'b.ts'], ['b.ts', 'c.ts'])).toEqual({ added: ['a.ts'], cleaned: ['c.ts'] });
  });
});
