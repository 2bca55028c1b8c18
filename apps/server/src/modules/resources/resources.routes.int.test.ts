import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, html, pdf, picture, uploadAndRegister, video } from '../../../test/media-files';

let t: TestApp;
let root: string;
let advA: string;
let advB: string;
const EN = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp();
  ({ token: root } = await loginAs(t, 'super', { principals: 'root' }));
  ({ token: advA } = await loginAs(t, 'advertisers', { customer: 'cust-a', diy: true }));
  ({ token: advB } = await loginAs(t, 'advertisers', { customer: 'cust-b', diy: true }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...EN } });

describe('materials', () => {
  it('creates materials with the section 3 defaults', async () => {
    const pic = await createMaterial(t, advA, 'coffee.png', await picture(1080, 1920));
    expect(pic).toMatchObject({
      name: 'coffee',
      kind: 'picture',
      type: 'private',
      reLocation: 'bf',
      template: 1,
      slot: 1,
      duration: 10000,
      oss: { objectName: expect.stringMatching(/^materials\/c-cust-a\/picture\/[0-9a-f-]{36}\.png$/) },
    });
    const vid = await createMaterial(t, advA, 'spot.mp4', video(15, 1080, 1920), { template: 1, slot: 1 });
    expect(vid).toMatchObject({ kind: 'video', reLocation: '', duration: 15000 });
    // The signed link serves the file.
    const file = await t.app.inject({ method: 'GET', url: vid.mdpath });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
  });

  it('pages and filters on the server by kind, template and slot, within the caller’s customer', async () => {
    await createMaterial(t, advA, 'banner.jpg', await picture(1080, 600, 'jpeg'), { template: 2, slot: 1 });
    await createMaterial(t, advA, 'menu.pdf', pdf());
    await createMaterial(t, advB, 'other.html', html());

    const all = (await get('/api/Resources/queryByPage_admin?start=0&limit=2', advA)).json();
    expect(all.total).toBe(4);
    expect(all.datas).toHaveLength(2);
    const t2 = (await get('/api/Resources/queryByPage_admin?template=2&slot=1', advA)).json();
    expect(t2.datas.map((r: { name: string }) => r.name)).toEqual(['banner']);
    const videos = (await get('/api/Resources/findByKind_admin?kind=video', advA)).json();
    expect(videos.datas.map((r: { name: string }) => r.name)).toEqual(['spot']);
    const kinds = (await get('/api/Resources/findKinds', advA)).json().data;
    expect(kinds).toEqual([
      { kind: 'pdf', count: 1 },
      { kind: 'picture', count: 2 },
      { kind: 'video', count: 1 },
    ]);
    // Customer B sees only its own; root sees everything.
    expect((await get('/api/Resources/queryByPage_admin', advB)).json().total).toBe(1);
    expect((await get('/api/Resources/queryByPage_admin', root)).json().total).toBe(5);
    const byName = (await get('/api/Resources/queryByPage_admin?name=men', advA)).json();
    expect(byName.datas.map((r: { name: string }) => r.name)).toEqual(['menu']);
  });

  it('hides another customer’s material', async () => {
    const other = (await get('/api/Resources/queryByPage_admin', advB)).json().datas[0];
    expect((await get(`/api/Resources/${other.id}`, advA)).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/Resources/${other.id}`, headers: bearer(advA) });
    expect(del.statusCode).toBe(404);
    expect((await get(`/api/Resources/${other.id}`, advB)).statusCode).toBe(200);
  });

  it('refuses a material from another customer’s upload', async () => {
    const reg = await uploadAndRegister(t, advB, 'b.pdf', pdf());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Resources',
      headers: bearer(advA),
      payload: { mediaId: reg.json().data.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it('finds a video and makes its poster frame with ffmpeg', async () => {
    const vid = (await get('/api/Resources/findByKind_admin?kind=video', advA)).json().datas[0];
    const found = await get(`/api/Resources/video/findById?id=${vid.id}`, advA);
    expect(found.json().data).toMatchObject({ id: vid.id, kind: 'video', duration: 15000 });
    const poster = await get(`/api/Resources/video/toImage?id=${vid.id}`, advA);
    expect(poster.statusCode, poster.body).toBe(200);
    expect(poster.json().data).toMatchObject({ width: 1080, height: 1920 });
    const jpeg = await t.app.inject({ method: 'GET', url: poster.json().data.url });
    expect(jpeg.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    // A picture has no video poster.
    const pic = (await get('/api/Resources/findByKind_admin?kind=picture', advA)).json().datas[0];
    expect((await get(`/api/Resources/video/toImage?id=${pic.id}`, advA)).statusCode).toBe(404);
  });

  it('edits a material and checks a new slot against the file again', async () => {
    const pic = (await get('/api/Resources/queryByPage_admin?name=coffee', advA)).json().datas[0];
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/Resources',
      headers: { ...bearer(advA), ...EN },
      payload: { id: pic.id, name: 'latte', reLocation: 'tl' },
    });
    expect(renamed.json().data).toMatchObject({ name: 'latte', reLocation: 'tl' });
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/Resources',
      headers: { ...bearer(advA), ...EN },
      payload: { id: pic.id, template: 2, slot: 1 },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ code: 'UPLOAD_TYPE_UNSUPPORTED' });
    expect(moved.json().msg).toContain('jpg/jpeg');
  });

  it('deletes a material with its stored file', async () => {
    const doc = (await get('/api/Resources/findByKind_admin?kind=pdf', advA)).json().datas[0];
    expect(await t.app.ctx.storage.head(doc.oss.objectName)).not.toBeNull();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/Resources/${doc.id}`, headers: bearer(advA) });
    expect(del.statusCode).toBe(200);
    expect(await t.app.ctx.storage.head(doc.oss.objectName)).toBeNull();
    expect((await get(`/api/Resources/${doc.id}`, advA)).statusCode).toBe(404);
  });
});

describe('who may manage materials', () => {
  it('refuses roles outside operators and advertisers, on every materials and ads route', async () => {
    const { token: owner } = await loginAs(t, 'project', { projectId: 'p1' });
    for (const url of [
      '/api/Media/oss',
      '/api/Resources/queryByPage_admin',
      '/api/Resources/findKinds',
      '/api/Advertisements/queryByPage_admin',
      '/api/Advertisements/queryByCondition_admin',
    ]) {
      const res = await get(url, owner);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('lets an advertiser without DIY see its materials but not upload or change them', async () => {
    const { token: nodiy } = await loginAs(t, 'advertisers', { customer: 'cust-a', diy: false });
    expect((await get('/api/Resources/queryByPage_admin', nodiy)).statusCode).toBe(200);
    const oss = await get('/api/Media/oss', nodiy);
    expect(oss.statusCode).toBe(403);
    expect(oss.json().msg).toBe('The account does not have permissions');
    const one = (await get('/api/Resources/queryByPage_admin', nodiy)).json().datas[0];
    const del = await t.app.inject({ method: 'DELETE', url: `/api/Resources/${one.id}`, headers: bearer(nodiy) });
    expect(del.statusCode).toBe(403);
  });
});
