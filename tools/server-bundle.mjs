// The server compiled to one JavaScript file, apps/server/dist/server.mjs (with its source map), which `npm start`
// and the process tests run. The server's own TypeScript and the workspace's (@robot-ads/contracts) are
// bundled by esbuild; packages from node_modules stay imports. Node then loads one file instead of
// transpiling some 900 modules on every start (tsx): on a loaded 2-core machine the imports took 8.8 s with tsx
// and 3.5 s with the bundle (docs/adr-001-platform.md). `npm run dev` and the tests in process still run the
// TypeScript directly.
//
// Each module keeps its own location: `import.meta.url` and `import.meta.dirname` are rewritten to the
// module's source file and folder, so paths found from them (the migrations, the database template, the build
// information) are the same as under tsx.
//
// Built when missing or older than a source (ensureServerBundle), written beside and renamed into place, so a
// process starting at that moment, or a second build at once (two test workers), never reads half a file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');
const ENTRY = path.join(root, 'apps/server/src/main.ts');
const INPUTS = [
  path.join(root, 'apps/server/src'),
  path.join(root, 'packages/contracts/src'),
  fileURLToPath(import.meta.url),
];

/** The newest modification time under `target` (its folders' too: a deleted file counts), node_modules and dist left out. */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when the bundle is missing or older than one of its sources. */
export function serverBundleStale() {
  const builtAt = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
  return INPUTS.some((input) => newestMtime(input) >= builtAt);
}

/** A path from the bundle's folder to `target`, with forward slashes. */
const fromBundle = (target) => path.relative(path.dirname(SERVER_BUNDLE), target).split(path.sep).join('/') || '.';

/** Builds the bundle when it is stale (or always, with `force`); returns whether it built. */
export async function ensureServerBundle({ force = false } = {}) {
  if (!force && !serverBundleStale()) return false;
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [
      {
        name: 'robot-ads-server',
        setup(build) {
          // Packages stay imports, resolved from node_modules at run time; the workspace's own are bundled.
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@robot-ads/') ? undefined : { path: args.path, external: true },
          );
          build.onLoad({ filter: /\.ts$/ }, async (args) => {
            let text = await fs.promises.readFile(args.path, 'utf8');
            if (text.includes('import.meta.')) {
              text = text
                .replaceAll(
                  'import.meta.url',
                  `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`,
                )
                .replaceAll(
                  'import.meta.dirname',
                  `(import.meta.dirname + ${JSON.stringify(`/${fromBundle(path.dirname(args.path))}`)})`,
                );
            }
            return { contents: text, loader: 'ts' };
          });
        },
      },
    ],
  });
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // The map first: the bundle names it, and a bundle newer than its sources is taken as built.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(a.path.endsWith('.mjs')) - Number(b.path.endsWith('.mjs')),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await ensureServerBundle({ force: process.argv.includes('--force') });
  if (built) console.log(`Built the server: ${path.relative(root, SERVER_BUNDLE)}`);
}
