// Builds the web app, the kiosk player, the partner SDK and the server's bundle when their sources are newer than
// their build (or with --force). `npm install` runs it as the prepare step; `npm start` runs it before starting.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle, newestMtime } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

// The build's identity: the release's version and the commit, `1.53.0+1a2b3c4`, read by the server
// (apps/server/src/platform/version.ts) for /api/health and the login page. Without git (an unpacked
// archive) the file is removed and the server reports the version alone. Written only when it changes.
const buildInfoFile = path.join(root, 'apps/server/build-info.json');
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const git = spawnSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: root, encoding: 'utf8' });
const commit = git.status === 0 ? git.stdout.trim() : '';
const buildInfo = commit ? `${JSON.stringify({ version, commit })}\n` : null;
const previous = fs.existsSync(buildInfoFile) ? fs.readFileSync(buildInfoFile, 'utf8') : null;
if (buildInfo === null) fs.rmSync(buildInfoFile, { force: true });
else if (buildInfo !== previous) fs.writeFileSync(buildInfoFile, buildInfo);

const apps = [
  { name: 'web', dir: 'apps/web', inputs: ['src', 'public', 'index.html', 'vite.config.ts'] },
  { name: 'player', dir: 'apps/player', inputs: ['src', 'public', 'index.html', 'vite.config.ts'] },
];
const shared = newestMtime(path.join(root, 'packages/contracts/src'));

for (const app of apps) {
  const appDir = path.join(root, app.dir);
  const built = path.join(appDir, 'dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(shared, ...app.inputs.map((i) => newestMtime(path.join(appDir, i))));
  if (!force && builtAt > sourcesAt) continue;
  console.log(`Building ${app.name}...`);
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: appDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${app.name} failed.`);
    process.exit(result.status ?? 1);
  }
}

// The partner SDK's published build (packages/sdk/dist: JavaScript and declarations, by the repo's tsc), when its
// sources are newer: `npm pack` of packages/sdk ships it (its prepack builds again). The repo itself reads the
// SDK's sources (the `@robot-ads/source` export condition, vitest's alias).
const sdkDir = path.join(root, 'packages/sdk');
const sdkBuilt = path.join(sdkDir, 'dist/index.js');
const sdkBuiltAt = fs.existsSync(sdkBuilt) ? fs.statSync(sdkBuilt).mtimeMs : 0;
const sdkSourcesAt = Math.max(
  newestMtime(path.join(sdkDir, 'src')),
  newestMtime(path.join(sdkDir, 'tsconfig.build.json')),
);
if (force || sdkBuiltAt <= sdkSourcesAt) {
  console.log('Building the SDK...');
  fs.rmSync(path.join(sdkDir, 'dist'), { recursive: true, force: true });
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: sdkDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Building the SDK failed.');
    process.exit(result.status ?? 1);
  }
}

// The server as one JavaScript file (tools/server-bundle.mjs), which `npm start` runs.
try {
  if (await ensureServerBundle({ force })) console.log('Built the server.');
} catch (err) {
  console.error(`Building the server failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

// The embedded database template, as a dump and as a folder: new databases (each test file in memory, a
// first start on disk) start from it instead of running initdb. Its module (keyed by the migrations' content)
// runs only when no template folder was made after the newest migration: a start need not load tsx for it.
const cacheDir = path.join(root, 'node_modules/.cache/robot-ads');
const migrationsAt = newestMtime(path.join(root, 'apps/server/src/db/migrations'));
const templateMade = (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : [])
  .filter((name) => /^pglite-[0-9a-f]+\.tar\.d$/.test(name))
  .some((name) => {
    // The folder's own time: when its last file was made (the files inside keep the dump's times).
    const dir = path.join(cacheDir, name);
    return fs.existsSync(path.join(dir, 'PG_VERSION')) && fs.statSync(dir).mtimeMs > migrationsAt;
  });
const template = templateMade
  ? { status: 0 }
  : spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/pglite-template.ts'], {
      cwd: root,
      stdio: 'inherit',
    });
if (template.status !== 0) {
  console.error('Preparing the database template failed.');
  process.exit(template.status ?? 1);
}
if (!templateMade) {
  // Found current (the migrations were touched, not changed): the next start need not ask again.
  const now = new Date();
  for (const name of fs.readdirSync(cacheDir))
    if (name.endsWith('.tar.d')) fs.utimesSync(path.join(cacheDir, name), now, now);
}
