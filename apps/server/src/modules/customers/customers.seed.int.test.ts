import { describe, expect, it } from 'vitest';
import { login, requester } from '../../../test/auth';
import { demoApp } from '../../../test/demo';
import { DEMO_PASSWORD } from '../accounts/accounts.seed';

const demo = demoApp();
const req = requester(demo);

describe('demo customers in each review state', () => {
  it('shows root the pending and rejected applications with their licence pictures', async () => {
    const root = await login(demo(), 'root', DEMO_PASSWORD, 'operator');
    const page = (await req('GET', '/api/CustomerAudits/queryByPage', root)).json();
    expect(
      page.datas.map((a: { customerName: string; state: string }) => `${a.customerName}:${a.state}`).sort(),
    ).toEqual(['Green Gym:pending', 'Ocean Travel:reject']);
    const pending = page.datas.find((a: { state: string }) => a.state === 'pending');
    expect(pending.enterprise.licence.url).toBeTruthy();
    const file = await demo().app.inject({ method: 'GET', url: pending.enterprise.licence.url });
    expect(file.statusCode).toBe(200);

    const rejected = await login(demo(), 'adv_rejected', DEMO_PASSWORD, 'advertiser');
    const info = (await req('GET', '/api/Customers/mainInfo', rejected)).json().data;
    expect(info).toMatchObject({ auditStatus: 'reject', enterpriseName: '海洋旅行社有限公司' });
    expect(info.auditNote).toContain('blurred');
    // The demo pending application can be passed; the customer then may deliver.
    const passed = await req('POST', '/api/CustomerAudits/pass', root, { id: pending.id });
    expect(passed.json().data.state).toBe('pass');
    const fresh = await login(demo(), 'adv_draft', DEMO_PASSWORD, 'advertiser');
    expect((await req('GET', '/api/Customers/mainInfo', fresh)).json().data.auditStatus).toBe('unsubmitted');
  });
});
