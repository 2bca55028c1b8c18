import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The SDK as a partner gets it: `npm pack` of packages/sdk (its prepack builds dist with the repo's tsc),
 * the tarball installed into a new project outside the repo (offline: its one dependency, openapi-fetch, and
 * that one's, packed from the repo's node_modules), then run under plain `node` and type-checked under
 * NodeNext and Bundler.
 */
const sdkDir = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(sdkDir, '../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work: string;
let project: string;
let files: string[];

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 180_000 });
  return { status: result.status, stdout: result.stdout ?? '', out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** The repo's tsc on a project's file under a tsconfig of `options`; answers its status and output. */
function typecheck(file: string, options: Record<string, unknown>) {
  const config = path.join(project, `tsconfig.${String(options.moduleResolution)}.${path.basename(file)}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noEmit: true,
        types: ['node'],
        typeRoots: [path.join(repo, 'node_modules/@types')],
        ...options,
      },
      files: [file],
    }),
  );
  return run(process.execPath, [tsc, '-p', config], project);
}

const USE = `import { createPartnerClient, createWebhookVerifier, signWebhook, WebhookVerificationError } from '@robot-ads/sdk';
import type { DeviceSchedule } from '@robot-ads/sdk/device';
import { DEFAULT_PROCESSED_MEMORY_SECONDS } from '@robot-ads/sdk/webhooks';

const client = createPartnerClient({ baseUrl: 'https://ads.example.com', clientId: 'c', clientSecret: 's' });
export const plans = () => client.GET('/api/Playlists/queryByPage_v3', { params: { query: { start: 0, limit: 20 } } });
export const firstPlan = async (): Promise<string | undefined> => (await plans()).data?.datas[0]?.name;
export type Media = DeviceSchedule['media'][number]['url'];
const secret = 'whsec_' + Buffer.from('a partner signing key').toString('base64');
const verifier = createWebhookVerifier({ secret });
export const check = (body: string, headers: Record<string, string>) =>
  verifier.handle(headers, body, (delivery) => (delivery.event === 'plan.pulledRatio' ? delivery.data.ratio : 0));
export const memory: number = DEFAULT_PROCESSED_MEMORY_SECONDS;
export { signWebhook, WebhookVerificationError };
`;

const MISSPELLED = `import { createPartnerClient } from '@robot-ads/sdk';
const client = createPartnerClient({ baseUrl: 'https://ads.example.com', clientId: 'c', clientSecret: 's' });
export const robots = client.GET('/api/Devices/queryRobotInfo', { params: { query: { start: 0, limt: 20 } } });
`;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-sdk-'));
  const packed = run(npm, ['pack', '--json', '--pack-destination', work], sdkDir);
  expect(packed.status, packed.out).toBe(0);
  // The prepack's build may print before the JSON answer.
  const answer = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m)));
  files = (answer[0].files as { path: string }[]).map((f) => f.path);
  const tarball = path.join(work, answer[0].filename as string);
  project = path.join(work, 'partner-app');
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'partner-app', private: true, type: 'module' }),
  );
  // Its dependency as installed in the repo (the same pinned version), packed too: no registry is asked.
  const dependencies = ['openapi-fetch', 'openapi-typescript-helpers'].map((name) => {
    const dep = run(
      npm,
      ['pack', '--json', '--ignore-scripts', '--pack-destination', work],
      path.join(repo, 'node_modules', name),
    );
    expect(dep.status, dep.out).toBe(0);
    return path.join(work, JSON.parse(dep.stdout.slice(dep.stdout.search(/^\[/m)))[0].filename as string);
  });
  const installed = run(
    npm,
    [
      'install',
      tarball,
      ...dependencies,
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
    ],
    project,
  );
  expect(installed.status, installed.out).toBe(0);
}, 240_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the SDK tarball', () => {
  it('holds the build, its declarations and the README, and no test or source file', () => {
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/webhooks.js']),
    );
    expect(files.filter((f) => /\.test\.|(^|\/)src\/|codegen/.test(f))).toEqual([]);
    const version = JSON.parse(fs.readFileSync(path.join(sdkDir, 'package.json'), 'utf8')).version;
    // The package's version is the partner API's (the partner document's info.version).
    const document = JSON.parse(fs.readFileSync(path.join(sdkDir, 'openapi/partner.json'), 'utf8'));
    expect(version).toBe(document.info.version);
  });

  it('runs under plain node: a webhook signed and verified, handled once, a forgery refused', {
    timeout: 60_000,
  }, () => {
    fs.writeFileSync(
      path.join(project, 'run.mjs'),
      `import { createPartnerClient, createWebhookVerifier, signWebhook, WebhookVerificationError } from '@robot-ads/sdk';
const secret = 'whsec_' + Buffer.from('a partner signing key').toString('base64');
const body = JSON.stringify({ id: 'msg_1', event: 'plan.pulledRatio', time: 1, data: { ratio: 0.5 } });
const timestamp = String(Math.floor(Date.now() / 1000));
const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': signWebhook(secret, 'msg_1', timestamp, body) };
const verifier = createWebhookVerifier({ secret });
const first = await verifier.handle(headers, body, (d) => d.data.ratio);
const again = await verifier.handle(headers, body, (d) => d.data.ratio);
const forged = await verifier.verify(headers, body.replace('0.5', '0.9')).catch((e) => e instanceof WebhookVerificationError && e.reason);
const client = createPartnerClient({ baseUrl: 'https://ads.example.com', clientId: 'c', clientSecret: 's' });
console.log(JSON.stringify({ first: [first.outcome, first.result], again: again.outcome, forged, get: typeof client.GET }));
`,
    );
    const ran = run(process.execPath, ['run.mjs'], project);
    expect(ran.status, ran.out).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({
      first: ['processed', 0.5],
      again: 'duplicate',
      forged: 'signature',
      get: 'function',
    });
  });

  it('type-checks under moduleResolution NodeNext and Bundler', { timeout: 180_000 }, () => {
    fs.writeFileSync(path.join(project, 'use.ts'), USE);
    const nodeNext = typecheck('use.ts', { module: 'NodeNext', moduleResolution: 'NodeNext' });
    expect(nodeNext.out).toBe('');
    expect(nodeNext.status).toBe(0);
    const bundler = typecheck('use.ts', { module: 'ESNext', moduleResolution: 'Bundler' });
    expect(bundler.out).toBe('');
    expect(bundler.status).toBe(0);
  });

  it('refuses a misspelled query parameter at compile time', { timeout: 180_000 }, () => {
    fs.writeFileSync(path.join(project, 'misspelled.ts'), MISSPELLED);
    for (const moduleResolution of ['NodeNext', 'Bundler']) {
      const checked = typecheck('misspelled.ts', {
        module: moduleResolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
        moduleResolution,
      });
      expect(checked.status).not.toBe(0);
      expect(checked.out).toContain("'limt' does not exist");
      expect(checked.out).toContain("Did you mean to write 'limit'?");
    }
  });
});
