// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import type { ScheduleMedia } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as media from './media-cache';
import { startTestServer, type TestServer } from './test-support';

/**
 * Cache Storage as the browser gives it to a secure page (Node has none): named caches of responses
 * keyed by request URL. Only the part of the standard API the player calls.
 */
class MemoryCacheStorage {
  readonly stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    const entries = store;
    const key = (request: RequestInfo | URL) =>
      typeof request === 'string' ? request : 'url' in request ? request.url : request.href;
    return {
      match: async (request: RequestInfo | URL) => entries.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => {
        entries.set(key(request), new Response(await response.arrayBuffer(), { headers: response.headers }));
      },
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
    };
  }
}

const POSTER = Buffer.from('a poster, as the server stores it');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let server: TestServer;
let storage: MemoryCacheStorage;

function file(id: string, path: string, overrides: Partial<ScheduleMedia> = {}): ScheduleMedia {
  return {
    id,
    kind: 'picture',
    url: `${server.origin}${path}?expires=1795000000&signature=abc`,
    expiresAt: 1_795_000_000,
    size: POSTER.length,
    checksum: sha256(POSTER),
    contentType: 'image/png',
    duration: null,
    width: 1080,
    height: 1920,
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  server.handle('/files/poster.png', () => ({ status: 200, body: POSTER, type: 'image/png' }));
  server.handle('/files/expired.png', () => ({
    status: 403,
    body: { success: false, data: null, code: 'LINK_EXPIRED' },
  }));
});
afterAll(() => server.close());

beforeEach(() => {
  storage = new MemoryCacheStorage();
  Object.assign(globalThis, { caches: storage });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'caches');
});

describe('the media cache', () => {
  it('keeps a downloaded file once its size and SHA-256 check out, under its id and content', async () => {
    const poster = file('m1', '/files/poster.png');
    expect(media.isPersistent()).toBe(true);
    expect(await media.has(poster)).toBe(false);
    await media.download(poster);
    expect(await media.has(poster)).toBe(true);
    expect(await media.count()).toBe(1);
    // Tomorrow's signed link of the same file is the same cached file: no second download.
    expect(await media.has({ ...poster, url: `${server.origin}/files/poster.png?signature=tomorrow` })).toBe(true);
    // The same material with new content is another file.
    expect(await media.has({ ...poster, checksum: sha256(Buffer.from('edited')) })).toBe(false);
    const cache = await storage.open('robot-ads-media-v1');
    const stored = await cache.match(media.cacheKey(poster));
    expect(Buffer.from(await (stored as Response).arrayBuffer())).toEqual(POSTER);
    expect(stored?.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a file whose checksum or size is wrong, and keeps nothing of it', async () => {
    const bad = file('m2', '/files/poster.png', { checksum: sha256(Buffer.from('another file')) });
    await expect(media.download(bad)).rejects.toMatchObject({ message: 'checksum mismatch', expired: false });
    const short = file('m3', '/files/poster.png', { size: POSTER.length + 1 });
    await expect(media.download(short)).rejects.toMatchObject({ expired: false });
    expect(await media.count()).toBe(0);
  });

  it('tells a refused (expired) link from a network failure', async () => {
    await expect(media.download(file('m4', '/files/expired.png'))).rejects.toMatchObject({ expired: true });
    const unreachable = { ...file('m5', '/files/poster.png'), url: 'http://127.0.0.1:9/files/poster.png' };
    const error = await media.download(unreachable).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(media.DownloadError);
    expect((error as media.DownloadError).expired).toBe(false);
    expect(await media.count()).toBe(0);
  });

  it('drops the files no schedule needs any more', async () => {
    const a = file('ma', '/files/poster.png');
    const b = file('mb', '/files/poster.png');
    await media.download(a);
    await media.download(b);
    expect(await media.count()).toBe(2);
    await media.prune([b]);
    expect(await media.has(a)).toBe(false);
    expect(await media.has(b)).toBe(true);
    expect(await media.objectUrl(a)).toBeNull();
  });

  it('streams from the signed link where there is no Cache Storage (plain http)', async () => {
    Reflect.deleteProperty(globalThis, 'caches');
    const poster = file('m6', '/files/poster.png');
    expect(media.isPersistent()).toBe(false);
    await media.download(poster);
    expect(await media.has(poster)).toBe(false);
    expect(await media.objectUrl(poster)).toBe(poster.url);
    expect(await media.count()).toBe(0);
  });
});
