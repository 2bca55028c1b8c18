// The weight of the built web app (apps/web/dist), from vite's build manifest (dist/.vite/manifest.json):
// each JavaScript file gzipped on its own (as a browser receives it), which source module or shared chunk
// it is, and the JavaScript a page needs before any of its lazy imports run (the static import graph from
// index.html plus the given lazy modules). Used by bench/web-bundle-size.ts; on its own:
//   node --import tsx tools/web-weight.ts                 the largest chunks and the entry's closure
//   node --import tsx tools/web-weight.ts src/layout/shell-layout.tsx src/features/dashboards/pages/smart-board-page.tsx
//                                                         what those lazy modules add to the entry
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = path.resolve(
  process.env.WEB_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist'),
);

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkWeight {
  file: string;
  /** The manifest key: the source module for an entry or lazy module, `_name-hash.js` for a shared chunk. */
  key: string;
  raw: number;
  gzip: number;
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The weight budget of issue 29, in KB of JavaScript gzipped file by file: the login page, the home page
 * after login (the login page's files included), any one chunk. The bench prints the figures for root with
 * the largest files (bench/web-bundle-size.ts); the page check holds every demo role to them.
 */
export const WEIGHT_BUDGET_KB = { login: 150, home: 300, chunk: 250 } as const;
/** The offline world map's source, which only the map pages may load. */
export const WORLD_MAP_SOURCE = /echarts4-maps\/map\/json\/world\.json$/;

export function readManifest(dist = WEB_DIST): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the web app (npm run build)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

const gzipCache = new Map<string, ChunkWeight>();
/** One built file's size, raw and gzipped on its own. */
export function weigh(file: string, key = file, dist = WEB_DIST): ChunkWeight {
  const full = path.join(dist, file);
  const cached = gzipCache.get(full);
  if (cached) return cached;
  const body = fs.readFileSync(full);
  const weight = { file, key, raw: body.length, gzip: gzipSync(body).length };
  gzipCache.set(full, weight);
  return weight;
}

/** Every JavaScript chunk of the build, largest (gzipped) first. */
export function allChunks(manifest: Manifest, dist = WEB_DIST): ChunkWeight[] {
  return Object.entries(manifest)
    .filter(([, c]) => c.file.endsWith('.js'))
    .map(([key, c]) => weigh(c.file, key, dist))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The manifest key of the module whose source path ends with `src` (e.g. `src/layout/shell-layout.tsx`). */
export function keyOf(manifest: Manifest, src: string): string {
  const key = Object.keys(manifest).find((k) => k === src || k.endsWith(`/${src}`));
  if (!key) throw new Error(`${src} is not a chunk of the build`);
  return key;
}

/** The chunks loaded with these keys: each key and everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** The manifest key of each built file (`assets/x-hash.js` → key), to name the files a browser loaded. */
export function keysByFile(manifest: Manifest): Map<string, string> {
  return new Map(Object.entries(manifest).map(([key, c]) => [c.file, key]));
}

/** Chunks holding a source module that matches (e.g. the offline world map's GeoJSON). */
export function chunksWithSource(manifest: Manifest, pattern: RegExp): string[] {
  return Object.entries(manifest)
    .filter(([key, c]) => pattern.test(key) || (c.src !== undefined && pattern.test(c.src)))
    .map(([, c]) => c.file);
}

function sum(weights: ChunkWeight[]) {
  return weights.reduce((total, w) => total + w.gzip, 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
  const base = staticClosure(manifest, [entry]);
  const weights = (keys: Iterable<string>) =>
    [...keys].map((k) => weigh(manifest[k]?.file ?? '', k)).sort((a, b) => b.gzip - a.gzip);
  const show = (title: string, list: ChunkWeight[], top = 15) => {
    console.log(`${title}: ${kb(sum(list))} KB gzipped in ${list.length} files`);
    for (const w of list.slice(0, top)) console.log(`  ${String(kb(w.gzip)).padStart(7)} KB  ${w.key}`);
  };
  show('largest chunks of the build', allChunks(manifest), 10);
  show(`${entry} and its static imports`, weights(base));
  const lazy = process.argv.slice(2);
  if (lazy.length > 0) {
    const extra = [
      ...staticClosure(
        manifest,
        lazy.map((src) => keyOf(manifest, src)),
      ),
    ].filter((k) => !base.has(k));
    show(`added by ${lazy.join(' + ')} (static imports only)`, weights(extra), 40);
  }
}
