import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { chunksWithSource, kb, readManifest, WEIGHT_BUDGET_KB, WORLD_MAP_SOURCE } from '../tools/web-weight';

/**
 * The page check's weight rule (issue 29): the JavaScript a role's browser receives for the login page, and
 * up to its home page after login (the login page's files included), each file gzipped on its own as it
 * travels, against WEIGHT_BUDGET_KB; and no offline world map on the way (it belongs to the map pages). The
 * same figures as `npm run bench -- web-bundle`, for every demo role rather than root alone.
 */
export class ScriptWeight {
  private readonly files_ = new Map<string, { gzip: number; phase: 'login' | 'home' }>();
  private readonly reading: Promise<void>[] = [];
  private phase: 'login' | 'home' | 'done' = 'login';

  constructor(page: Page) {
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (this.phase === 'done' || !pathname.endsWith('.js') || this.files_.has(pathname)) return;
      const phase = this.phase;
      this.files_.set(pathname, { gzip: 0, phase });
      this.reading.push(
        response
          .body()
          .then((body) => void this.files_.set(pathname, { gzip: gzipSync(body).length, phase }))
          .catch(() => undefined),
      );
    });
  }

  /** The scripts received so far (their paths). */
  async files(): Promise<string[]> {
    return [...this.files_.keys()];
  }

  /** The login form is about to be sent: what arrives from now on is the home page's. */
  loggingIn() {
    this.phase = 'home';
  }

  /** Ends the record (the home page has settled) and returns its figures and the budgets they break. */
  async result(
    budget: { login: number; home: number } = WEIGHT_BUDGET_KB,
  ): Promise<{ loginKb: number; homeKb: number; problems: string[] }> {
    this.phase = 'done';
    await Promise.all(this.reading);
    const sum = (phase?: 'login') =>
      [...this.files_.values()].filter((f) => !phase || f.phase === phase).reduce((n, f) => n + f.gzip, 0);
    const loginKb = kb(sum('login'));
    const homeKb = kb(sum());
    const problems: string[] = [];
    if (loginKb > budget.login) {
      problems.push(`the login page loads ${loginKb} KB of gzipped JavaScript (budget ${budget.login} KB)`);
    }
    if (homeKb > budget.home) {
      problems.push(`the home page after login loads ${homeKb} KB of gzipped JavaScript (budget ${budget.home} KB)`);
    }
    const worldMap = worldMapScripts();
    const mapLoaded = [...this.files_.keys()].filter((file) => worldMap.has(file));
    if (mapLoaded.length > 0) problems.push(`the home page after login loads the world map (${mapLoaded.join(', ')})`);
    return { loginKb, homeKb, problems };
  }
}

/** The paths of the built world map's scripts, as the browser asks for them. */
export function worldMapScripts(): Set<string> {
  return new Set(chunksWithSource(readManifest(), WORLD_MAP_SOURCE).map((file) => `/${file}`));
}
