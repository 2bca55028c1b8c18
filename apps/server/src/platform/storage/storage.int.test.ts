import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Options, startTestS3, type TestS3 } from '../../../test/s3-server';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const key = (type = 'picture', ext = 'png') => `suite/${type}/${randomUUID()}.${ext}`;

/** The one suite both drivers pass. */
function storageSuite(name: string, make: () => { storage: ObjectStorage; fetchUrl(url: string): Promise<Response> }) {
  describe(`${name} storage`, () => {
    it('stores a buffer and reads it back whole and by range', async () => {
      const { storage } = make();
      const k = key();
      const data = Buffer.from('0123456789abcdefghij');
      const stored = await storage.put(k, data, { contentType: 'image/png' });
      expect(stored.size).toBe(20);
      expect((await readAll(await storage.get(k))).toString()).toBe('0123456789abcdefghij');
      expect((await readAll(await storage.get(k, { start: 5, end: 9 }))).toString()).toBe('56789');
      expect((await storage.readRange(k, 15, 100)).toString()).toBe('fghij');
      expect((await storage.head(k))?.size).toBe(20);
    });

    it('streams a large body in and out with the same checksum', async () => {
      const { storage } = make();
      const k = key('video', 'mp4');
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const hash = createHash('sha256');
      for (let i = 0; i < 8; i++) hash.update(chunk);
      const body = Readable.from(
        (function* () {
          for (let i = 0; i < 8; i++) yield chunk;
        })(),
      );
      await storage.put(k, body, { size: 8 * chunk.length });
      const back = createHash('sha256');
      for await (const c of await storage.get(k)) back.update(c as Buffer);
      expect(back.digest('hex')).toBe(hash.digest('hex'));
    });

    it('stores a stream of unknown length', async () => {
      const { storage } = make();
      const k = key('pdf', 'pdf');
      const stored = await storage.put(k, Readable.from([Buffer.from('%PDF-1.4 '), Buffer.from('hello')]));
      expect(stored.size).toBe(14);
    });

    it('lists keys under a prefix and deletes (a missing key is no error)', async () => {
      const { storage } = make();
      const dir = `list${Date.now()}`;
      const a = `${dir}/picture/${randomUUID()}.png`;
      const b = `${dir}/video/${randomUUID()}.mp4`;
      await storage.put(a, Buffer.from('a'));
      await storage.put(b, Buffer.from('b'));
      expect(await storage.list(`${dir}/`)).toEqual([a, b].sort());
      await storage.delete(a);
      await storage.delete(a);
      expect(await storage.head(a)).toBeNull();
      expect(await storage.list(`${dir}/`)).toEqual([b]);
    });

    it('reports a missing object', async () => {
      const { storage } = make();
      expect(await storage.head(key())).toBeNull();
      await expect(storage.get(key())).rejects.toThrow();
    });

    it('gives a signed download link that serves the bytes', async () => {
      const { storage, fetchUrl } = make();
      const k = key('html', 'html');
      await storage.put(k, Buffer.from('<!doctype html><p>hi</p>'), { contentType: 'text/html' });
      const res = await fetchUrl(await storage.signedDownloadUrl(k, { expiresInSeconds: 600 }));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<!doctype html><p>hi</p>');
    });

    it('gives upload credentials in the section 3 shape, limited to a directory', async () => {
      const { storage } = make();
      const now = new Date('2026-11-22T08:00:00Z');
      const creds = await storage.uploadCredentials({ dir: 'ads/c1', expiresInSeconds: 3600, maxBytes: 100, now });
      expect(creds).toMatchObject({
        Expiration: '2026-11-22T09:00:00.000Z',
        dir: 'ads/c1',
        expiresAt: Math.floor(now.getTime() / 1000) + 3600,
        upload: { method: 'POST' },
      });
      for (const f of ['AccessKeyId', 'AccessKeySecret', 'SecurityToken', 'region', 'bucket'] as const) {
        expect(creds[f]).toBeTruthy();
      }
    });

    it('refuses keys outside the dir/{type}/{uuid}.{ext} shape', async () => {
      const { storage } = make();
      await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow();
      await expect(storage.put('a/picture/not-a-uuid.png', Buffer.from('x'))).rejects.toThrow();
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-local-'));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));

storageSuite('local', () => {
  const storage = new LocalStorage(localRoot, 'x'.repeat(32), 'http://local.test');
  return {
    storage,
    // The local driver's links are served by the media routes; here the signature is checked directly.
    fetchUrl: async (url: string) => {
      const u = new URL(url);
      const k = decodeURIComponent(u.pathname.replace('/api/Media/file/', ''));
      const ok = storage.verifyDownload(
        k,
        u.searchParams.get('expires')!,
        u.searchParams.get('signature')!,
        new Date(),
      );
      if (!ok) return new Response('forbidden', { status: 403 });
      return new Response(await readAll(await storage.get(k)));
    },
  };
});

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

storageSuite('s3', () => ({
  storage: new S3Storage(s3Options(s3)),
  fetchUrl: (url: string) => fetch(url),
}));

describe('local signed links', () => {
  it('refuses a tampered or expired download link', async () => {
    const storage = new LocalStorage(localRoot, 'y'.repeat(32), '');
    const url = new URL(
      await storage.signedDownloadUrl('a/picture/00000000-0000-0000-0000-000000000000.png'),
      'http://x',
    );
    const sig = url.searchParams.get('signature')!;
    const exp = url.searchParams.get('expires')!;
    const k = 'a/picture/00000000-0000-0000-0000-000000000000.png';
    expect(storage.verifyDownload(k, exp, sig, new Date())).toBe(true);
    expect(storage.verifyDownload(k.replace('a/', 'b/'), exp, sig, new Date())).toBe(false);
    expect(storage.verifyDownload(k, String(Number(exp) + 1), sig, new Date())).toBe(false);
    expect(storage.verifyDownload(k, exp, sig, new Date((Number(exp) + 1) * 1000))).toBe(false);
  });

  it('refuses a tampered or expired upload policy', async () => {
    const storage = new LocalStorage(localRoot, 'z'.repeat(32), '');
    const now = new Date();
    const creds = await storage.uploadCredentials({ dir: 'ads/c1', expiresInSeconds: 60, maxBytes: 10, now });
    const { policy, signature } = creds.upload.fields as { policy: string; signature: string };
    expect(storage.verifyUploadPolicy(policy, signature, now)).toMatchObject({ dir: 'ads/c1', max: 10 });
    const forged = Buffer.from(JSON.stringify({ dir: 'ads', exp: creds.expiresAt, max: 10 })).toString('base64url');
    expect(storage.verifyUploadPolicy(forged, signature, now)).toBeNull();
    expect(storage.verifyUploadPolicy(policy, signature, new Date(now.getTime() + 61_000))).toBeNull();
  });
});
