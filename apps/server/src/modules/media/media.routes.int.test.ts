import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MB } from '@robot-ads/contracts/media/media.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import {
  bmp,
  executable,
  html,
  padTo,
  pdf,
  picture,
  ppt,
  pptx,
  uploadAndRegister,
  uploadOnly,
  video,
  windowsExecutable,
} from '../../../test/media-files';
import { media } from './media.table';

let t: TestApp;
let token: string;
const EN = { 'accept-language': 'en' };

async function materialsCount() {
  const res = await t.app.inject({ method: 'GET', url: '/api/Resources/queryByPage_admin', headers: bearer(token) });
  return res.json().total as number;
}
async function mediaRows() {
  return t.app.ctx.db.select().from(media);
}
/** Stored objects other than thumbnails. */
async function storedFiles() {
  const keys = await t.app.ctx.storage.list('materials/');
  return keys.filter((k) => !k.includes('/thumb/'));
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await loginAs(t, 'super', { principals: 'root' }));
});
afterAll(async () => {
  await t?.close();
});

async function expectRefused(name: string, data: Buffer, target: object, code: string, fragment: string) {
  const before = (await storedFiles()).length;
  const res = await uploadAndRegister(t, token, name, data, target, EN);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code });
  expect(res.json().msg).toContain(name);
  expect(res.json().msg).toContain(fragment);
  // Nothing registered and the refused bytes are gone from storage.
  expect((await mediaRows()).some((m) => m.name === name)).toBe(false);
  expect((await storedFiles()).length).toBe(before);
}

async function expectAccepted(name: string, data: Buffer, target: object) {
  const res = await uploadAndRegister(t, token, name, data, target, EN);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('upload credentials', () => {
  it('gives the section 3 upload token with the form to upload with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Media/oss', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'Expiration',
        'AccessKeyId',
        'AccessKeySecret',
        'SecurityToken',
        'region',
        'bucket',
        'dir',
      ]),
    );
    expect(data.dir).toMatch(/^materials\//);
    expect(data.upload).toMatchObject({ method: 'POST', url: '/api/Media/upload' });
    // One hour ahead (section 9).
    expect(data.expiresAt - Date.now() / 1000).toBeGreaterThan(3590);
    expect(new Date(data.Expiration).getTime() / 1000).toBe(data.expiresAt);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Media/oss' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an upload with a forged policy and a key outside the directory', async () => {
    const oss = (await t.app.inject({ method: 'GET', url: '/api/Media/oss', headers: bearer(token) })).json().data;
    const boundary = 'b0undary';
    const body = (fields: Record<string, string>) =>
      Buffer.concat([
        ...Object.entries(fields).map(([k, v]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx\r\n--${boundary}--\r\n`,
        ),
      ]);
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Media/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...EN },
        payload: body(fields),
      });
    const key = `${oss.dir}/picture/${crypto.randomUUID()}.png`;
    const forged = await post({ policy: oss.upload.fields.policy, signature: 'x'.repeat(43), key });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('UPLOAD_LINK_INVALID');
    const outside = await post({ ...oss.upload.fields, key: `materials/other/picture/${crypto.randomUUID()}.png` });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('UPLOAD_KEY_OUTSIDE_DIR');
    expect(await t.app.ctx.storage.head(key)).toBeNull();
  });
});

describe('pictures', () => {
  it('accepts a 1080x1920 picture for template 1 and stores its size, sha256 and a thumbnail', async () => {
    const file = await picture(1080, 1920);
    const data = await expectAccepted('full.png', file, { template: 1, slot: 1 });
    expect(data).toMatchObject({ kind: 'picture', ext: 'png', width: 1080, height: 1920, size: file.length });
    expect(data.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(data.thumbnail).toBeTruthy();
  });

  it('refuses pixel sizes that do not match the slot exactly', async () => {
    await expectRefused(
      'short.png',
      await picture(1080, 1919),
      { template: 1, slot: 1 },
      'UPLOAD_PIXELS_MISMATCH',
      '1080x1919',
    );
    await expectRefused(
      'wide.jpg',
      await picture(1081, 600, 'jpeg'),
      { template: 2, slot: 1 },
      'UPLOAD_PIXELS_MISMATCH',
      '1080x600',
    );
    await expectRefused(
      'main.jpg',
      await picture(1080, 1321, 'jpeg'),
      { template: 2, slot: 2 },
      'UPLOAD_PIXELS_MISMATCH',
      '1080x1320',
    );
  });

  it('accepts the other robot screen sizes of section 3 for template 1', async () => {
    await expectAccepted('pad.png', await picture(768, 1366), { template: 1, slot: 1 });
    await expectAccepted('land.jpg', await picture(1920, 1080, 'jpeg'), { template: 1, slot: 1 });
  });

  it('limits pictures to 2MB, on both sides of the limit', async () => {
    const base = await picture(1080, 1920, 'jpeg');
    await expectAccepted('two.jpg', padTo(base, 2 * MB), { template: 1, slot: 1 });
    await expectRefused('over.jpg', padTo(base, 2 * MB + 1), { template: 1, slot: 1 }, 'UPLOAD_TOO_LARGE', '2MB');
  });

  it('allows 15MB for the slots that take large pictures (1920x1080 screens)', async () => {
    const base = await picture(1920, 1080, 'jpeg');
    await expectAccepted('big.jpg', padTo(base, 15 * MB), { template: 1, slot: 1 });
    await expectRefused('huge.jpg', padTo(base, 15 * MB + 1), { template: 1, slot: 1 }, 'UPLOAD_TOO_LARGE', '15MB');
  });

  it('limits slot-template pictures to 500K jpg/jpeg', async () => {
    const base = await picture(1080, 600, 'jpeg');
    await expectAccepted('banner.jpeg', padTo(base, 500 * 1024), { template: 2, slot: 1 });
    await expectRefused(
      'banner2.jpg',
      padTo(base, 500 * 1024 + 1),
      { template: 2, slot: 1 },
      'UPLOAD_TOO_LARGE',
      '500KB',
    );
    await expectRefused(
      'banner.png',
      await picture(1080, 600),
      { template: 2, slot: 1 },
      'UPLOAD_TYPE_UNSUPPORTED',
      'jpg/jpeg',
    );
  });

  it('reads BMP pictures', async () => {
    const data = await expectAccepted('screen.bmp', bmp(580, 772), { template: 1, slot: 1 });
    expect(data).toMatchObject({ ext: 'bmp', width: 580, height: 772 });
  });
});

describe('QR images', () => {
  it('takes jpg/jpeg/png/bmp QR images up to 2MB, of any pixel size', async () => {
    const qr = await picture(300, 300);
    expect(await expectAccepted('qr.png', padTo(qr, 2 * MB), { purpose: 'qr' })).toMatchObject({ width: 300 });
    await expectRefused('qr-big.png', padTo(qr, 2 * MB + 1), { purpose: 'qr' }, 'UPLOAD_TOO_LARGE', '2MB');
    await expectRefused('qr.pdf', pdf(), { purpose: 'qr' }, 'UPLOAD_TYPE_UNSUPPORTED', 'jpg/jpeg/png/bmp');
    await expectRefused('qr.jpg', qr, { purpose: 'qr' }, 'UPLOAD_TYPE_MISMATCH', 'png');
    expect(await expectAccepted('qr.bmp', bmp(200, 200), { purpose: 'qr' })).toMatchObject({ ext: 'bmp' });
  });
});

describe('type sniffing from the stored bytes', () => {
  it('refuses a renamed executable', async () => {
    await expectRefused('photo.png', executable(), { template: 1, slot: 1 }, 'UPLOAD_TYPE_UNSUPPORTED', 'photo.png');
    await expectRefused('movie.mp4', windowsExecutable(), {}, 'UPLOAD_TYPE_UNSUPPORTED', 'movie.mp4');
  });

  it('refuses a file whose name claims another type than its content', async () => {
    await expectRefused(
      'really-png.jpg',
      await picture(1080, 1920),
      { template: 1, slot: 1 },
      'UPLOAD_TYPE_MISMATCH',
      'png',
    );
  });

  it('refuses content of another kind than asked', async () => {
    await expectRefused('doc.pdf', pdf(), { kind: 'picture' }, 'UPLOAD_TYPE_MISMATCH', 'picture');
  });

  it('accepts pdf, ppt and html documents', async () => {
    expect(await expectAccepted('menu.pdf', pdf(), {})).toMatchObject({ kind: 'pdf', ext: 'pdf' });
    expect(await expectAccepted('deck.ppt', ppt(), {})).toMatchObject({ kind: 'ppt', ext: 'ppt' });
    expect(await expectAccepted('deck.pptx', pptx(), {})).toMatchObject({ kind: 'ppt', ext: 'pptx' });
    const page = await expectAccepted('page.html', html(), {});
    expect(page).toMatchObject({ kind: 'html', ext: 'html' });
    // Served in a sandbox: uploaded HTML cannot run scripts as this site.
    const served = await t.app.inject({ method: 'GET', url: page.url });
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;/);
  });

  it('refuses an empty registration key and a key that was never uploaded', async () => {
    const oss = (await t.app.inject({ method: 'GET', url: '/api/Media/oss', headers: bearer(token) })).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Media',
      headers: { ...bearer(token), ...EN },
      payload: { key: `${oss.dir}/picture/${crypto.randomUUID()}.png`, name: 'ghost.png' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_OBJECT_MISSING' });
    expect(res.json().msg).toContain('ghost.png');
  });

  it('refuses registering the same upload twice', async () => {
    const key = await uploadOnly(t, token, 'twice.pdf', pdf(), 'pdf');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/Media',
      headers: bearer(token),
      payload: { key, name: 'twice.pdf' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/Media',
      headers: bearer(token),
      payload: { key, name: 'twice.pdf' },
    });
    expect(second.statusCode).toBe(409);
  });
});

describe('videos', () => {
  it('reads the length from the mp4 and checks 14-16 s for template 1 on both sides', async () => {
    const ok14 = await expectAccepted('v14.mp4', video(14, 1080, 1920), { template: 1, slot: 1 });
    expect(ok14).toMatchObject({ kind: 'video', duration: 14000, width: 1080, height: 1920 });
    await expectAccepted('v16.mp4', video(16, 1080, 1920), { template: 1, slot: 1 });
    await expectRefused(
      'v139.mp4',
      video(13.9, 1080, 1920),
      { template: 1, slot: 1 },
      'UPLOAD_VIDEO_DURATION',
      '14-16',
    );
    await expectRefused('v161.mp4', video(16.1, 1080, 1920), { template: 1, slot: 1 }, 'UPLOAD_VIDEO_DURATION', '16.1');
  });

  it('checks 9-11 s for the template 2 main slot on both sides', async () => {
    await expectAccepted('w9.mp4', video(9, 1080, 1320), { template: 2, slot: 2 });
    await expectAccepted('w11.mp4', video(11, 1080, 1320), { template: 2, slot: 2 });
    await expectRefused('w89.mp4', video(8.9, 1080, 1320), { template: 2, slot: 2 }, 'UPLOAD_VIDEO_DURATION', '9-11');
    await expectRefused('w111.mp4', video(11.1, 1080, 1320), { template: 2, slot: 2 }, 'UPLOAD_VIDEO_DURATION', '9-11');
  });

  it('checks the video frame size against the slot', async () => {
    await expectRefused(
      'small.mp4',
      video(10, 1080, 1320),
      { template: 1, slot: 1 },
      'UPLOAD_PIXELS_MISMATCH',
      '1080x1320',
    );
  });

  it('limits videos to 20MB on both sides of the limit', async () => {
    const base = video(15, 1080, 1920);
    await expectAccepted('v20.mp4', padTo(base, 20 * MB), { template: 1, slot: 1 });
    await expectRefused('v20b.mp4', padTo(base, 20 * MB + 1), { template: 1, slot: 1 }, 'UPLOAD_TOO_LARGE', '20MB');
  });

  it('takes mp4 only (a QuickTime file is refused)', async () => {
    const mov = Buffer.from(video(15, 1080, 1920));
    mov.write('qt  ', 8, 'ascii');
    await expectRefused('clip.mov', mov, { template: 1, slot: 1 }, 'UPLOAD_TYPE_UNSUPPORTED', 'clip.mov');
    await expectRefused('clip2.mp4', mov, { template: 1, slot: 1 }, 'UPLOAD_TYPE_UNSUPPORTED', 'clip2.mp4');
  });

  it('refuses a video for the banner slot, which takes pictures only', async () => {
    await expectRefused(
      'banner.mp4',
      video(10, 1080, 1320),
      { template: 2, slot: 1 },
      'UPLOAD_KIND_NOT_IN_SLOT',
      'slot 1',
    );
  });
});

describe('limits on files and batches', () => {
  it('accepts a material file of exactly 100MB', async () => {
    const data = await expectAccepted('exact.pdf', padTo(pdf(), 100 * MB), {});
    expect(data).toMatchObject({ kind: 'pdf', size: 100 * MB });
  });

  it('refuses a material file over 100MB at upload and leaves no file', async () => {
    const before = await storedFiles();
    await expect(uploadOnly(t, token, 'big.pdf', padTo(pdf(), 100 * MB + 1), 'pdf')).rejects.toThrow(/413/);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a batch of 51 files and registers none of them', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 51; i++) keys.push(await uploadOnly(t, token, `b${i}.html`, html(), 'html'));
    const before = (await mediaRows()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Media/batch',
      headers: { ...bearer(token), ...EN },
      payload: { files: keys.map((key, i) => ({ key, name: `b${i}.html` })) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_BATCH_TOO_MANY', msg: 'At most 50 files at once (51 selected)' });
    expect((await mediaRows()).length).toBe(before);
    // 50 files are fine.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/Media/batch',
      headers: bearer(token),
      payload: { files: keys.slice(0, 50).map((key, i) => ({ key, name: `b${i}.html` })) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toHaveLength(50);
  });

  it('refuses a batch over 200MB', async () => {
    const big = padTo(pdf(), 67 * MB);
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push(await uploadOnly(t, token, `p${i}.pdf`, big, 'pdf'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Media/batch',
      headers: { ...bearer(token), ...EN },
      payload: { files: keys.map((key, i) => ({ key, name: `p${i}.pdf` })) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UPLOAD_BATCH_TOO_LARGE');
    expect(res.json().msg).toContain('200MB');
    for (const key of keys) expect(await t.app.ctx.storage.head(key)).toBeNull();
  });

  it('refuses a whole batch when one file breaks a rule, naming that file', async () => {
    const good = await uploadOnly(t, token, 'good.pdf', pdf(), 'pdf');
    const bad = await uploadOnly(t, token, 'evil.png', executable(), 'picture');
    const before = (await mediaRows()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Media/batch',
      headers: { ...bearer(token), ...EN },
      payload: {
        files: [
          { key: good, name: 'good.pdf' },
          { key: bad, name: 'evil.png' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('evil.png');
    expect((await mediaRows()).length).toBe(before);
    expect(await t.app.ctx.storage.head(bad)).toBeNull();
  });
});

describe('signed downloads and cancelled uploads', () => {
  it('serves a registered file through its signed link, with ranges, and refuses a tampered link', async () => {
    const file = await picture(1080, 1920, 'jpeg');
    const data = await expectAccepted('dl.jpg', file, {});
    const whole = await t.app.inject({ method: 'GET', url: data.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.rawPayload.equals(file)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: data.url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(file.subarray(0, 10))).toBe(true);
    const tampered = await t.app.inject({ method: 'GET', url: data.url.replace(/signature=[^&]+/, 'signature=abc') });
    expect(tampered.statusCode).toBe(403);
  });

  it('leaves no file behind when the browser cancels an upload half way', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const oss = (await t.app.inject({ method: 'GET', url: '/api/Media/oss', headers: bearer(token) })).json().data;
    const key = `${oss.dir}/pdf/${crypto.randomUUID()}.pdf`;
    const boundary = 'cancelB';
    const head = Buffer.from(
      Object.entries({ ...oss.upload.fields, key })
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\n\r\n%PDF-1.4\n`,
    );
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/Media/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 10 * MB },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(MB));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    // The server notices the abort and removes its partial file.
    expect(await t.app.ctx.storage.head(key)).toBeNull();
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.join(t.dataDir, 'storage');
    const partials: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(d, e.name));
        else if (e.name.endsWith('.part')) partials.push(e.name);
      }
    };
    await expect
      .poll(() => {
        partials.length = 0;
        walk(root);
        return partials.length;
      })
      .toBe(0);
  });
});

describe('messages in both languages', () => {
  it('words a refusal in Chinese by default', async () => {
    const res = await uploadAndRegister(t, token, '图片.png', await picture(1080, 1000), { template: 1, slot: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      '图片.png：尺寸 1080x1000 与位置要求的 1080x1920 / 1920x1080 / 1080x1280 / 580x772 / 1284x720 / 768x1366 / 768x455 / 1024x768 / 720x1280 / 1080x1312 不符',
    );
  });
});

it('keeps materials count unaffected by refused uploads', async () => {
  expect(await materialsCount()).toBe(0);
});
