import { describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth';
import { demoApp } from '../../../test/demo';

const demo = demoApp();

const get = async (url: string, token: string) =>
  (await demo().app.inject({ method: 'GET', url, headers: bearer(token) })).json();

describe('demo materials and ads', () => {
  it('gives Lucky Coffee materials of every kind with real files, and ads using them', async () => {
    const token = await login(demo(), 'adv', 'Robot@2026', 'advertiser');
    const kinds = (await get('/api/Resources/findKinds', token)).data.map((k: { kind: string }) => k.kind);
    expect(kinds).toEqual(['html', 'pdf', 'picture', 'ppt', 'video']);
    const videos = (await get('/api/Resources/findByKind_admin?kind=video', token)).datas;
    expect(videos.map((v: { duration: number }) => v.duration).sort()).toEqual([10000, 15000]);
    const file = await demo().app.inject({ method: 'GET', url: videos[0].mdpath });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const ads = (await get('/api/Advertisements/queryByPage_admin', token)).datas;
    expect(ads.map((a: { name: string }) => a.name).sort()).toEqual(['Coffee Spot', 'Morning Latte', 'Split Promo']);
    const split = ads.find((a: { name: string }) => a.name === 'Split Promo');
    expect(split).toMatchObject({ template: 2, kind: 'video' });
    expect(split.resourcesObjs[0].map((r: { slot: number }) => r.slot)).toEqual([1, 2]);
  });

  it('lets root see every material', async () => {
    const token = await login(demo(), 'root', 'Robot@2026', 'operator');
    expect((await get('/api/Resources/queryByPage_admin', token)).total).toBe(10);
  });
});
