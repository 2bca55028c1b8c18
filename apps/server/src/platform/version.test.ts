import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_VERSION } from '@robot-ads/contracts/system/system.schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVersion } from './version';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-info-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('the reported version', () => {
  it('is the release of every package.json (one number per release)', () => {
    const versionOf = (p: string) => JSON.parse(fs.readFileSync(path.join(root, p), 'utf8')).version;
    expect(PACKAGE_VERSION).toBe('1.53.0');
    for (const p of [
      'package.json',
      'apps/server/package.json',
      'apps/web/package.json',
      'apps/player/package.json',
      'packages/contracts/package.json',
    ]) {
      expect(versionOf(p), p).toBe(PACKAGE_VERSION);
    }
    // The SDK is published to partners: its version is the partner API's (docs/open-platform.md, "Versions"),
    // not the release's.
    expect(versionOf('packages/sdk/package.json')).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('names the commit the build was made from', () => {
    const file = write('ok.json', JSON.stringify({ version: PACKAGE_VERSION, commit: '1a2b3c4' }));
    expect(buildVersion(file)).toBe(`${PACKAGE_VERSION}+1a2b3c4`);
  });

  it('falls back to the release alone without build information (no git), or with a stale or broken file', () => {
    expect(buildVersion(path.join(dir, 'absent.json'))).toBe(PACKAGE_VERSION);
    expect(buildVersion(write('old.json', JSON.stringify({ version: '1.52.0', commit: '1a2b3c4' })))).toBe(
      PACKAGE_VERSION,
    );
    expect(buildVersion(write('bad.json', '{not json'))).toBe(PACKAGE_VERSION);
    expect(buildVersion(write('odd.json', JSON.stringify({ version: PACKAGE_VERSION, commit: 'x; rm' })))).toBe(
      PACKAGE_VERSION,
    );
  });
});
