import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_VERSION } from '@robot-ads/contracts/system/system.schemas';

/**
 * The version this build reports (`/api/health`, the login page, the API description): the release's
 * package version and the commit it was built from, `1.53.0+1a2b3c4`. `tools/ensure-build.mjs` writes the
 * commit to `apps/server/build-info.json` (npm install, npm start, npm run build); without git (an
 * unpacked archive) or without that file, the package version alone.
 */
export const BUILD_INFO_FILE = path.resolve(import.meta.dirname, '../../build-info.json');

export function buildVersion(file = BUILD_INFO_FILE): string {
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown; commit?: unknown };
    // A file left by another release (the package version moved on) names the wrong build: ignore it.
    if (info.version === PACKAGE_VERSION && typeof info.commit === 'string' && /^[0-9a-f]{7,40}$/.test(info.commit)) {
      return `${PACKAGE_VERSION}+${info.commit}`;
    }
  } catch {
    // no build information: the package version alone
  }
  return PACKAGE_VERSION;
}

export const APP_VERSION = buildVersion();
