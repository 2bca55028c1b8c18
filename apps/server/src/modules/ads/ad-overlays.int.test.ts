import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, executable, padTo, picture, uploadAndRegister } from '../../../test/media-files';
import { ManualClock } from '../../platform/clock';
import { advertisements } from './ads.table';

/*
 * An ad's QR code and watermark (spec section 9): a picture uploaded with purpose qr (jpg/jpeg/png/bmp,
 * at most 2MB) shown at one of six positions.
 */

const MB = 1024 * 1024;
const clock = new ManualClock(new Date('2026-11-22T08:00:00Z'));
const NOW = Math.floor(clock.now().getTime() / 1000);
const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh' };
let t: TestApp;
let adv: string;
let other: string;
let material: { id: string };
let qrPng: Buffer;
let qr: { id: string; name: string };
let watermark: { id: string; name: string };

/** Uploads a file as the browser does and registers it with the given target; the answer of POST /api/Media. */
async function register(token: string, name: string, data: Buffer, target: object, headers = EN) {
  return uploadAndRegister(t, token, name, data, target, headers);
}

async function qrUpload(token: string, name: string, data: Buffer) {
  const res = await register(token, name, data, { purpose: 'qr' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string; sha256: string };
}

const body = (over: object = {}) => ({
  name: 'Coffee QR',
  kind: 'picture',
  begin: NOW,
  end: NOW + 30 * 86400,
  timeZone: 'Asia/Shanghai',
  resourcesObjs: [[material.id]],
  ...over,
});
const post = (payload: object, token = adv, headers = EN) =>
  t.app.inject({ method: 'POST', url: '/api/Advertisements', headers: { ...bearer(token), ...headers }, payload });
const put = (payload: object, token = adv, headers = EN) =>
  t.app.inject({ method: 'PUT', url: '/api/Advertisements', headers: { ...bearer(token), ...headers }, payload });
const getAd = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/Advertisements/${id}`, headers: bearer(adv) })).json().data;
let seq = 0;
const uniqueName = () => `Overlay ${++seq}`;

function pathOf(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ token: adv } = await loginAs(t, 'advertisers', { customer: 'lucky', diy: true }));
  ({ token: other } = await loginAs(t, 'advertisers', { customer: 'other', diy: true }));
  material = await createMaterial(t, adv, 'coffee.png', await picture(1080, 1920));
  qrPng = await picture(300, 300, 'png', { r: 0, g: 0, b: 0 });
  qr = await qrUpload(adv, 'menu-qr.png', qrPng);
  watermark = await qrUpload(adv, 'logo.jpg', await picture(400, 120, 'jpeg'));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('QR code and watermark of an ad', () => {
  it('creates an ad with a QR code and a watermark, each at its position, with links to the pictures', async () => {
    const res = await post(
      body({
        qr: { mediaId: qr.id, position: 'lowerRight' },
        watermark: { mediaId: watermark.id, position: 'upperLeft' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const ad = res.json().data;
    expect(ad.qr).toMatchObject({ mediaId: qr.id, position: 'lowerRight', name: 'menu-qr.png', width: 300 });
    expect(ad.watermark).toMatchObject({ mediaId: watermark.id, position: 'upperLeft', name: 'logo.jpg' });
    expect(ad.qr.thumbnail).toContain('/api/Media/file/');
    // The link shows the very picture uploaded.
    const file = await t.app.inject({ method: 'GET', url: pathOf(ad.qr.url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(qrPng)).toBe(true);
    // Read back, in lists too.
    expect((await getAd(ad.id)).qr).toMatchObject({ mediaId: qr.id, position: 'lowerRight' });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/Advertisements/queryByPage_admin?name=Coffee',
      headers: bearer(adv),
    });
    expect(page.json().datas[0].watermark).toMatchObject({ mediaId: watermark.id, position: 'upperLeft' });
  });

  it('an ad without them carries none', async () => {
    const res = await post(body({ name: uniqueName() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ qr: null, watermark: null });
    const empty = await post(body({ name: uniqueName(), qr: { mediaId: null, position: null }, watermark: null }));
    expect(empty.json().data).toMatchObject({ qr: null, watermark: null });
  });

  it('moves, keeps and removes them on an edit', async () => {
    const created = (
      await post(
        body({
          name: uniqueName(),
          qr: { mediaId: qr.id, position: 'bottomCenter' },
          watermark: { mediaId: watermark.id, position: 'topCenter' },
        }),
      )
    ).json().data;
    const moved = await put({
      ...body({ name: created.name }),
      id: created.id,
      qr: { mediaId: qr.id, position: 'upperRight' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The QR code moved; the watermark, left out of the edit, stays.
    expect(moved.json().data.qr).toMatchObject({ mediaId: qr.id, position: 'upperRight' });
    expect(moved.json().data.watermark).toMatchObject({ mediaId: watermark.id, position: 'topCenter' });
    const removed = await put({ ...body({ name: created.name }), id: created.id, watermark: null });
    expect(removed.json().data.watermark).toBeNull();
    expect(removed.json().data.qr).toMatchObject({ position: 'upperRight' });
    const [row] = await t.app.ctx.db.select().from(advertisements).where(eq(advertisements.id, created.id));
    expect(row).toMatchObject({ qrPosition: 'upperRight', watermarkMediaId: null, watermarkPosition: null });
  });

  it('refuses a position that is not one of the six, in the caller language', async () => {
    const en = await post(body({ name: uniqueName(), qr: { mediaId: qr.id, position: 'middle' } }));
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'qr.position' });
    expect(en.json().msg).toContain(
      'The position must be upper left, upper right, lower left, lower right, bottom center or top center',
    );
    const zh = await post(body({ name: uniqueName(), watermark: { mediaId: qr.id, position: 'center' } }), adv, ZH);
    expect(zh.json()).toMatchObject({ field: 'watermark.position' });
    expect(zh.json().msg).toContain('显示位置只能是左上、右上、左下、右下、底部居中或顶部居中');
  });

  it('refuses a position without a picture and a picture without a position', async () => {
    const noPicture = await post(body({ name: uniqueName(), qr: { position: 'lowerLeft' } }));
    expect(noPicture.statusCode).toBe(400);
    expect(noPicture.json()).toMatchObject({ field: 'qr.mediaId' });
    expect(noPicture.json().msg).toContain('A position is chosen: upload the picture for it');
    const noPosition = await post(body({ name: uniqueName(), watermark: { mediaId: watermark.id } }), adv, ZH);
    expect(noPosition.statusCode).toBe(400);
    expect(noPosition.json()).toMatchObject({ field: 'watermark.position' });
    expect(noPosition.json().msg).toContain('请选择图片的显示位置');
  });

  it('refuses a material upload as a QR code, naming the file', async () => {
    const reg = await register(adv, 'poster.png', await picture(1080, 1920), {});
    expect(reg.statusCode).toBe(200);
    const res = await post(body({ name: uniqueName(), qr: { mediaId: reg.json().data.id, position: 'lowerRight' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AD_OVERLAY_MEDIA_NOT_QR', field: 'qr.mediaId' });
    expect(res.json().msg).toBe(
      '"poster.png" was not uploaded as a QR code or watermark picture (jpg/jpeg/png/bmp, at most 2MB); upload it again',
    );
  });

  it("refuses another customer's picture and an unknown one as not found", async () => {
    const theirs = await qrUpload(other, 'their-qr.png', await picture(200, 200));
    const res = await post(body({ name: uniqueName(), qr: { mediaId: theirs.id, position: 'lowerRight' } }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'AD_OVERLAY_MEDIA_NOT_FOUND', field: 'qr.mediaId' });
    expect(res.json().msg).toBe('The picture does not exist or is not within your scope');
    // And they cannot put ours on their ad.
    const mine = await createMaterial(t, other, 'tea.png', await picture(1080, 1920));
    const reverse = await post(
      body({ name: uniqueName(), resourcesObjs: [[mine.id]], watermark: { mediaId: qr.id, position: 'upperLeft' } }),
      other,
    );
    expect(reverse.json()).toMatchObject({ code: 'AD_OVERLAY_MEDIA_NOT_FOUND', field: 'watermark.mediaId' });
    const unknown = await post(
      body({ name: uniqueName(), qr: { mediaId: '0123456789abcdef01234567', position: 'lowerRight' } }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('leaves an ad as it was when an edit is refused', async () => {
    const created = (await post(body({ name: uniqueName(), qr: { mediaId: qr.id, position: 'lowerLeft' } }))).json()
      .data;
    const material2 = await register(adv, 'flyer.png', await picture(1080, 1920), {});
    const refused = await put({
      ...body({ name: created.name }),
      id: created.id,
      qr: { mediaId: material2.json().data.id, position: 'upperLeft' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await getAd(created.id)).qr).toMatchObject({ mediaId: qr.id, position: 'lowerLeft' });
  });

  it('takes only QR pictures of at most 2MB in jpg/jpeg/png/bmp at upload', async () => {
    const big = await register(adv, 'big-qr.png', padTo(qrPng, 2 * MB + 1), { purpose: 'qr' });
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('UPLOAD_TOO_LARGE');
    expect(big.json().msg).toBe('big-qr.png: 2MB exceeds the QR limit of 2MB');
    const program = await register(adv, 'qr.png', executable(), { purpose: 'qr' });
    expect(program.statusCode).toBe(400);
    expect(program.json().code).toBe('UPLOAD_TYPE_UNSUPPORTED');
    expect(program.json().msg).toContain('jpg/jpeg/png/bmp');
    const renamed = await register(adv, 'qr.gif', qrPng, { purpose: 'qr' }, ZH);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().msg).toContain('qr.gif');
    // Exactly 2MB is fine.
    const edge = await qrUpload(adv, 'edge-qr.png', padTo(qrPng, 2 * MB));
    expect(
      createHash('sha256')
        .update(padTo(qrPng, 2 * MB))
        .digest('hex'),
    ).toBe(edge.sha256);
  });

  it('keeps a picture an ad shows from being deleted', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/Media/${qr.id}`,
      headers: { ...bearer(adv), ...EN },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('DELETE_FAILED');
  });
});
