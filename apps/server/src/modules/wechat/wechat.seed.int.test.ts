import { describe, expect, it } from 'vitest';
import { login, requester } from '../../../test/auth';
import { demoApp } from '../../../test/demo';
import { DEMO_PASSWORD } from '../accounts/accounts.seed';

const demo = demoApp();
const req = requester(demo);

describe('demo mini-program data', () => {
  it('holds users brought by demo robots and two live banners with their pictures', async () => {
    const root = await login(demo(), 'root', DEMO_PASSWORD, 'operator');
    const users = (await req('GET', '/api/WechatUsers/queryByPage?limit=20', root)).json();
    expect(users.total).toBe(5);
    expect(users.datas.every((u: { robotId: string | null }) => u.robotId)).toBe(true);

    const live = (await demo().app.inject({ method: 'GET', url: '/api/wechat/mp/banners' })).json().data;
    expect(live.map((b: { linkKind: string }) => b.linkKind)).toEqual(['url', 'page']);
    const picture = await demo().app.inject({ method: 'GET', url: live[0].imageUrl });
    expect(picture.statusCode).toBe(200);
  });
});
