import { afterAll, beforeAll } from 'vitest';
import { seedDemo } from '../src/db/seed/seed';
import { buildTestApp, type TestApp } from './build-app';

/**
 * A test app holding the whole demo (every module's seeder, videos encoded by ffmpeg: a while on a busy
 * machine), built before the file's tests and closed after them. Returns the app's getter.
 */
export function demoApp(options?: Parameters<typeof buildTestApp>[0]): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(options);
    await seedDemo(t.app.ctx);
  }, 240_000);
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the demo app is not built yet');
    return t;
  };
}
