// Prints the import graph between the server's modules (and the web's features), the cycles in it,
// the import circles between files (type imports too), and the imports that cross a module boundary
// into another module's tables or repository.
// `npm run module-graph` (add `--json` for a machine-readable report). Exits 1 when it finds a cycle.
// `npm run module-graph -- --write-docs` writes the module map of docs/architecture.md (tools/module-map.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARCHITECTURE_DOC, renderModuleMap, withModuleMap } from './module-map';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface FileImport {
  from: string;
  to: string;
}

export interface GraphReport {
  /** module -> modules it imports (server modules and the platform/db layers). */
  edges: Record<string, string[]>;
  /** Strongly connected groups of more than one node, or a node importing itself. */
  cycles: string[][];
  /** The same between the server's files (relative to the repository): import circles inside a module too. */
  fileCycles: string[][];
  /** Imports of another module's `*.table.ts` or `*.repository.ts`. */
  boundaryViolations: FileImport[];
  /** Web features importing another feature. */
  featureViolations: FileImport[];
}

const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

function resolveImport(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec) continue;
    const target = resolveImport(file, spec);
    if (target) out.push(target);
  }
  return out;
}

/** The node a server file belongs to: `modules/<name>`, or the top folder of src (`platform`, `db`, ...). */
function serverNode(srcDir: string, file: string): string {
  const rel = path.relative(srcDir, file).split(path.sep);
  if (rel[0] === 'modules' && rel.length > 2) return `modules/${rel[1]}`;
  if (rel[0] === 'db' && rel[1] === 'seed') return 'db/seed';
  return rel.length > 1 ? rel[0]! : 'root';
}

function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges.get(v)?.has(v)) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!indices.has(v)) visit(v);
  return groups;
}

/**
 * The agreed exemptions of the table/repository rule: a table referencing another module's table for a
 * foreign key (drizzle needs the column object), and the composition root (app.ts, main.ts, the schema
 * in db/ and the seed orchestration in db/seed), which assembles every module.
 */
function exemptFromTableRule(fromNode: string, file: string, target: string): boolean {
  if (fromNode === 'root' || fromNode === 'db' || fromNode === 'db/seed') return true;
  return file.endsWith('.table.ts') && target.endsWith('.table.ts');
}

export function analyse(serverSrc = path.join(root, 'apps/server/src'), webSrc = path.join(root, 'apps/web/src')) {
  const edges = new Map<string, Set<string>>();
  const fileEdges = new Map<string, Set<string>>();
  const boundaryViolations: FileImport[] = [];
  for (const file of listFiles(serverSrc)) {
    const from = serverNode(serverSrc, file);
    if (!edges.has(from)) edges.set(from, new Set());
    const fileNode = path.relative(root, file);
    fileEdges.set(fileNode, new Set());
    for (const target of importsOf(file)) {
      if (!target.startsWith(serverSrc)) continue;
      fileEdges.get(fileNode)!.add(path.relative(root, target));
      const to = serverNode(serverSrc, target);
      if (to === from) continue;
      edges.get(from)!.add(to);
      if (
        to.startsWith('modules/') &&
        /\.(table|repository)\.ts$/.test(target) &&
        !exemptFromTableRule(from, file, target)
      ) {
        boundaryViolations.push({ from: path.relative(root, file), to: path.relative(root, target) });
      }
    }
  }
  const featureViolations: FileImport[] = [];
  const featuresDir = path.join(webSrc, 'features');
  for (const file of listFiles(featuresDir)) {
    const own = path.relative(featuresDir, file).split(path.sep)[0];
    for (const target of importsOf(file)) {
      if (!target.startsWith(featuresDir)) continue;
      const other = path.relative(featuresDir, target).split(path.sep)[0];
      if (other !== own) featureViolations.push({ from: path.relative(root, file), to: path.relative(root, target) });
    }
  }
  const report: GraphReport = {
    edges: Object.fromEntries(
      [...edges].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()] as const),
    ),
    cycles: stronglyConnected(edges),
    fileCycles: stronglyConnected(fileEdges),
    boundaryViolations,
    featureViolations,
  };
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = analyse();
  if (process.argv.includes('--write-docs')) {
    const page = fs.readFileSync(ARCHITECTURE_DOC, 'utf8');
    fs.writeFileSync(ARCHITECTURE_DOC, withModuleMap(page, renderModuleMap(report)));
    console.log(`Module map written to ${path.relative(root, ARCHITECTURE_DOC)}`);
  } else if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log('Module import graph (server):');
    for (const [from, tos] of Object.entries(report.edges))
      console.log(`  ${from} -> ${tos.join(', ') || '(nothing)'}`);
    console.log(`\nCycles: ${report.cycles.length}`);
    for (const c of report.cycles) console.log(`  ${c.join(' <-> ')}`);
    console.log(`\nImport circles between files: ${report.fileCycles.length}`);
    for (const c of report.fileCycles) console.log(`  ${c.join(' <-> ')}`);
    console.log(`\nImports of another module's table or repository: ${report.boundaryViolations.length}`);
    for (const v of report.boundaryViolations) console.log(`  ${v.from} -> ${v.to}`);
    console.log(`\nWeb features importing another feature: ${report.featureViolations.length}`);
    for (const v of report.featureViolations) console.log(`  ${v.from} -> ${v.to}`);
  }
  process.exit(report.cycles.length > 0 || report.fileCycles.length > 0 ? 1 : 0);
}
