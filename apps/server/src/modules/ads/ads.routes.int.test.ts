import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, picture, video } from '../../../test/media-files';
import { ManualClock } from '../../platform/clock';

let t: TestApp;
let adv: string;
let other: string;
const clock = new ManualClock(new Date('2026-11-22T08:00:00Z'));
const NOW = Math.floor(clock.now().getTime() / 1000);
const EN = { 'accept-language': 'en' };
let pics: { id: string }[] = [];
let vid: { id: string };
let banner: { id: string };
let main: { id: string };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ token: adv } = await loginAs(t, 'advertisers', { customer: 'lucky', diy: true }));
  ({ token: other } = await loginAs(t, 'advertisers', { customer: 'other', diy: true }));
  const png = await picture(1080, 1920);
  pics = await Promise.all(Array.from({ length: 16 }, (_, i) => createMaterial(t, adv, `p${i}.png`, png)));
  vid = await createMaterial(t, adv, 'v.mp4', video(15, 1080, 1920), { template: 1, slot: 1 });
  banner = await createMaterial(t, adv, 'b.jpg', await picture(1080, 600, 'jpeg'), { template: 2, slot: 1 });
  main = await createMaterial(t, adv, 'm.mp4', video(10, 1080, 1320), { template: 2, slot: 2 });
  // Sixteen real uploads with thumbnails: more than the default hook time on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const post = (payload: object, token = adv) =>
  t.app.inject({ method: 'POST', url: '/api/Advertisements', headers: { ...bearer(token), ...EN }, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(adv) });
const ad = (over: object = {}) => ({
  name: 'Morning',
  kind: 'picture',
  begin: NOW,
  end: NOW + 86400,
  timeZone: 'Asia/Shanghai',
  resourcesObjs: [[pics[0]!.id], [pics[1]!.id]],
  ...over,
});

describe('advertisements', () => {
  it('creates an ad from materials and returns its screens', async () => {
    const res = await post(ad());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'Morning', kind: 'picture', begin: NOW, end: NOW + 86400, template: 1 });
    expect(data.resourcesObjs).toHaveLength(2);
    expect(data.resourcesObjs[0][0]).toMatchObject({ id: pics[0]!.id, kind: 'picture' });
    expect(data.duration).toBe(20000);
    expect(data.media.url).toContain('/api/Media/file/');
  });

  it('accepts a time zone of the section 9 list by its code', async () => {
    const res = await post(ad({ name: 'Tokyo', timeZone: 'JP' }));
    expect(res.json().data.timeZone).toBe('Asia/Tokyo');
    const bad = await post(ad({ name: 'Mars', timeZone: 'Mars/Base' }));
    expect(bad.statusCode).toBe(400);
  });

  it('builds a template 2 ad from a banner and a main video', async () => {
    const res = await post(ad({ name: 'Split', kind: 'video', resourcesObjs: [[banner.id, main.id]] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ template: 2, duration: 10000 });
    const wrong = await post(ad({ name: 'Split2', kind: 'video', resourcesObjs: [[main.id]] }));
    expect(wrong.json().code).toBe('AD_MATERIAL_SLOTS');
    const mixed = await post(ad({ name: 'Mixed', kind: 'video', resourcesObjs: [[vid.id], [banner.id, main.id]] }));
    expect(mixed.json().code).toBe('AD_MATERIAL_TEMPLATE');
  });

  it('refuses names outside 2-15 characters and duplicates', async () => {
    const short = await post(ad({ name: 'A' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('2-15');
    const long = await post(ad({ name: 'A'.repeat(16) }));
    expect(long.statusCode).toBe(400);
    expect((await post(ad({ name: 'A'.repeat(15) }))).statusCode).toBe(200);
    expect((await post(ad({ name: 'AB' }))).statusCode).toBe(200);
    const dup = await post(ad({ name: 'morning' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'AD_NAME_EXISTS', msg: 'An ad with this name already exists' });
    // Another customer may use the same name.
    const png = await picture(1080, 1920);
    const own = await createMaterial(t, other, 'o.png', png);
    expect((await post(ad({ resourcesObjs: [[own.id]] }), other)).statusCode).toBe(200);
  });

  it('needs start before end', async () => {
    const res = await post(ad({ name: 'Backwards', begin: NOW, end: NOW }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('The end time must be later than the start time');
  });

  it('takes at most 15 materials and at least one', async () => {
    const ids = pics.map((p) => [p.id]);
    const sixteen = await post(ad({ name: 'Sixteen', resourcesObjs: ids }));
    expect(sixteen.statusCode).toBe(400);
    expect(sixteen.json().msg).toContain('At most 15 materials');
    expect((await post(ad({ name: 'Fifteen', resourcesObjs: ids.slice(0, 15) }))).statusCode).toBe(200);
    const none = await post(ad({ name: 'Empty', resourcesObjs: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('Select at least one material');
  });

  it('refuses materials of another kind and of another customer', async () => {
    const kind = await post(ad({ name: 'Kinds', kind: 'video', resourcesObjs: [[pics[0]!.id]] }));
    expect(kind.json().code).toBe('AD_MATERIAL_KIND');
    const foreign = await post(ad({ name: 'Foreign' }), other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('RESOURCE_NOT_FOUND');
  });

  it('lists with total and datas, by condition with the 65535 default, and by ids in order', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/Advertisements/queryByPage_admin?start=0&limit=2',
      headers: bearer(adv),
    });
    const total = page.json().total;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(page.json().datas).toHaveLength(2);
    const cond = await t.app.inject({
      method: 'GET',
      url: '/api/Advertisements/queryByCondition_admin?name=morn',
      headers: bearer(adv),
    });
    expect(cond.json().datas.map((a: { name: string }) => a.name)).toEqual(['Morning']);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/Advertisements/queryByCondition_admin',
      headers: bearer(adv),
    });
    expect(all.json().datas).toHaveLength(total);
    const ids = page
      .json()
      .datas.map((a: { id: string }) => a.id)
      .reverse();
    const byIds = await t.app.inject({
      method: 'POST',
      url: '/api/Advertisements/querysByIds',
      headers: bearer(adv),
      payload: { ids },
    });
    expect(byIds.json().data.map((a: { id: string }) => a.id)).toEqual(ids);
    // Another customer's ads are not visible.
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/Advertisements/querysByIds',
      headers: bearer(other),
      payload: { ids },
    });
    expect(theirs.json().data).toEqual([]);
  });

  it('edits an ad', async () => {
    const created = (await post(ad({ name: 'Edit me' }))).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Advertisements',
      headers: { ...bearer(adv), ...EN },
      payload: { ...ad({ name: 'Edited', resourcesObjs: [[pics[2]!.id]] }), id: created.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Edited', resourcesObjs: [[{ id: pics[2]!.id }]] });
    const dup = await t.app.inject({
      method: 'PUT',
      url: '/api/Advertisements',
      headers: bearer(adv),
      payload: { ...ad({ name: 'Morning' }), id: created.id },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('refuses deleting a material that an ad uses', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/Resources/${pics[0]!.id}`,
      headers: { ...bearer(adv), ...EN },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RESOURCE_IN_USE');
    expect(res.json().msg).toContain('is used by the advertisement');
  });

  it('deletes an ad, but not an online one linked to devices or accounts', async () => {
    const fresh = await createMaterial(t, adv, 'fresh.png', await picture(1080, 1920));
    const online = (await post(ad({ name: 'Online', resourcesObjs: [[fresh.id]] }))).json().data;
    const later = (
      await post(ad({ name: 'Later', begin: NOW + 86400, end: NOW + 2 * 86400, resourcesObjs: [[pics[4]!.id]] }))
    ).json().data;
    const ended = (
      await post(ad({ name: 'Ended', begin: NOW - 2 * 86400, end: NOW - 86400, resourcesObjs: [[pics[5]!.id]] }))
    ).json().data;
    const linked = new Set([online.id, later.id, ended.id]);
    // What the publishing module reports for these ads: published to one device.
    t.app.ctx.ads.linkCounters.push(async (_db, adId) => ({ devices: linked.has(adId) ? 1 : 0, accounts: 0 }));
    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/Advertisements/${id}`, headers: { ...bearer(adv), ...EN } });
    const refused = await del(online.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'Deleting an online ad is impossible while devices, accounts or regional accounts are linked',
    );
    // Not online yet, or no longer: may go.
    expect((await del(later.id)).statusCode).toBe(200);
    expect((await del(ended.id)).statusCode).toBe(200);
    linked.delete(online.id);
    expect((await del(online.id)).statusCode).toBe(200);
    expect((await get(`/api/Advertisements/${online.id}`)).statusCode).toBe(404);
    // The material is free again.
    const freed = await t.app.inject({ method: 'DELETE', url: `/api/Resources/${fresh.id}`, headers: bearer(adv) });
    expect(freed.statusCode).toBe(200);
  });

  it('gives the playlists module ads with their materials', async () => {
    const ids = (
      await t.app.inject({ method: 'GET', url: '/api/Advertisements/queryByPage_admin', headers: bearer(adv) })
    )
      .json()
      .datas.map((a: { id: string }) => a.id);
    const ads = await t.app.ctx.ads.getAdsWithResources(ids);
    expect(ads.map((a) => a.id)).toEqual(ids);
    expect(ads[0]!.resourcesObjs.flat()[0]).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});
