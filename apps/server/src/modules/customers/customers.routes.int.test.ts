import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, loginAs, requester } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const req = requester(() => t);

describe('customers', () => {
  it('creates customers, keeps names and phones unique, and scopes them to the subtree', async () => {
    const ops = await loginAs(t, 'super');
    const created = await req('POST', '/api/Customers', ops.token, {
      name: 'Moon Bakery',
      category: 'advertiser',
      phone: '13511112222',
      industry: 'catering',
    });
    expect(created.statusCode).toBe(200);
    const moon = created.json().data;
    expect(moon).toMatchObject({ name: 'Moon Bakery', category: 'advertiser', auditStatus: 'unsubmitted' });

    const sameName = await req('POST', '/api/Customers', ops.token, { name: 'Moon Bakery' });
    expect(sameName.json()).toMatchObject({ code: 'CUSTOMER_NAME_EXISTS', field: 'name' });
    const samePhone = await req('POST', '/api/Customers', ops.token, { name: 'Sun Bakery', phone: '13511112222' });
    expect(samePhone.json().code).toBe('CUSTOMER_PHONE_EXISTS');
    const badPhone = await req('POST', '/api/Customers', ops.token, { name: 'Star Bakery', phone: '123' }, 'zh');
    expect(badPhone.json()).toMatchObject({ code: 'PHONE_LENGTH', msg: '手机号码应为11位数字' });

    // A child operator of ops does not see ops' customers; ops sees its child's.
    const child = await createUser(t, { role: 'administrator', parentId: ops.user.id });
    const childToken = await login(t, child.username, child.password, 'operator');
    expect((await req('GET', `/api/Customers/${moon.id}`, childToken)).statusCode).toBe(403);
    const childCustomer = (await req('POST', '/api/Customers', childToken, { name: 'Child Shop' })).json().data;
    const seen = await req('GET', '/api/Customers?start=0&limit=10', ops.token);
    expect(
      seen
        .json()
        .datas.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([moon.id, childCustomer.id].sort());
    const stranger = await loginAs(t, 'super');
    expect((await req('GET', '/api/Customers', stranger.token)).json().total).toBe(0);
    const root = await loginAs(t, 'super', { principals: 'root' });
    expect((await req('GET', '/api/Customers/findAll?name=Moon', root.token)).json().data).toHaveLength(1);

    const renamed = await req('PUT', '/api/Customers', ops.token, { id: moon.id, name: 'Moon Bakery Co' });
    expect(renamed.json().data.name).toBe('Moon Bakery Co');
  });

  it('refuses to delete a customer that advertiser accounts belong to', async () => {
    const ops = await loginAs(t, 'administrator');
    const shop = (await req('POST', '/api/Customers', ops.token, { name: 'Corner Shop' })).json().data;
    const adv = await req('POST', '/api/AdvertiserUsers', ops.token, {
      username: 'corner_adv',
      password: 'Adv@12345',
      name: 'Corner Adv',
      customer: shop.id,
    });
    expect(adv.statusCode).toBe(200);
    const refused = await req('DELETE', `/api/Customers/${shop.id}`, ops.token);
    expect(refused.json()).toMatchObject({
      code: 'CUSTOMER_IN_USE',
      msg: 'The customer still has advertiser accounts and cannot be deleted',
    });
    await req('DELETE', `/api/AdvertiserUsers/${adv.json().data.id}`, ops.token);
    expect((await req('DELETE', `/api/Customers/${shop.id}`, ops.token)).statusCode).toBe(200);
    expect((await req('GET', `/api/Customers/${shop.id}`, ops.token)).statusCode).toBe(404);
  });

  it('shows an advertiser only its own customer, and project accounts none', async () => {
    const ops = await loginAs(t, 'super', { principals: 'root' });
    const a = (await req('POST', '/api/Customers', ops.token, { name: 'Alpha Ads' })).json().data;
    const b = (await req('POST', '/api/Customers', ops.token, { name: 'Beta Ads' })).json().data;
    const adv = await loginAs(t, 'advertisers', { customer: a.id });
    expect(
      (await req('GET', '/api/Customers/findAll', adv.token)).json().data.map((c: { id: string }) => c.id),
    ).toEqual([a.id]);
    expect((await req('GET', `/api/Customers/${b.id}`, adv.token)).statusCode).toBe(403);
    expect((await req('POST', '/api/Customers', adv.token, { name: 'Mine' })).statusCode).toBe(403);
    const owner = await loginAs(t, 'project');
    expect((await req('GET', '/api/Customers', owner.token)).statusCode).toBe(403);
  });
});

describe('PUT changes exactly the fields it sends', () => {
  it('keeps phone, industry, region and contacts when only the name is sent; clears a field sent empty', async () => {
    const ops = await loginAs(t, 'super');
    const created = await req('POST', '/api/Customers', ops.token, {
      name: 'Partial Shop',
      phone: '13522223333',
      industry: 'catering',
      province: 'Guangdong',
      city: 'Shenzhen',
      district: 'Nanshan',
      contacts: [{ name: 'Li Lei', phone: '13533334444' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const renamed = await req('PUT', '/api/Customers', ops.token, { id, name: 'Partial Shop 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const kept = (await req('GET', `/api/Customers/${id}`, ops.token)).json().data;
    expect(kept).toMatchObject({
      name: 'Partial Shop 2',
      category: created.json().data.category,
      phone: '13522223333',
      industry: 'catering',
      province: 'Guangdong',
      city: 'Shenzhen',
      district: 'Nanshan',
      contacts: [{ name: 'Li Lei', phone: '13533334444' }],
    });
    // A field sent empty is cleared (phone and contacts are optional for a customer).
    const cleared = await req('PUT', '/api/Customers', ops.token, { id, phone: '', contacts: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({
      name: 'Partial Shop 2',
      phone: '',
      contacts: [],
      industry: 'catering',
    });
  });

  it('no update body (leads, branches, accounts, advertisers) fills in a field that was not sent', async () => {
    const { updateOf } = await import('@robot-ads/contracts/common/update-body');
    const { leadCreateBody, leadUpdateBody } = await import('@robot-ads/contracts/sales/leads.schemas');
    const { branchUpdateBody } = await import('@robot-ads/contracts/sales/branches.schemas');
    const { accountUpdateBody, advertiserUpdateBody } = await import('@robot-ads/contracts/accounts/accounts.schemas');
    const id = '0123456789abcdef01234567';
    // No update body fills a field that was not sent.
    expect(leadUpdateBody.parse({ id, name: 'Xiao Ming' })).toEqual({ id, name: 'Xiao Ming' });
    expect(branchUpdateBody.parse({ id, name: 'North' })).toEqual({ id, name: 'North' });
    expect(accountUpdateBody.parse({ name: 'Wang' })).toEqual({ name: 'Wang' });
    expect(advertiserUpdateBody.parse({ id, name: 'Wang' })).toEqual({ id, name: 'Wang' });
    expect(Object.keys(updateOf(leadCreateBody).parse({}))).toEqual([]);
  });
});
