import type { AddressInfo } from 'node:net';
import { idNumberCheckChar } from '@robot-ads/contracts/customers/enterprise.rules';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, requester } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { picture, uploadAndRegister } from '../../../test/media-files';
import { listenMessages } from '../../../test/socket';
import { ManualClock } from '../../platform/clock';
import { customers } from './customers.table';

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ clock, ready: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

const req = requester(() => t);

const CREDIT = '91350100M000100Y43';
const ID_NUMBER = '11010519491231002X';

async function licence(token: string, name = 'licence.png') {
  const res = await uploadAndRegister(t, token, name, await picture(400, 300), { purpose: 'licence' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

const info = (licenceMediaId: string, over: object = {}) => ({
  enterpriseName: 'Lucky Coffee Ltd',
  contactName: 'Zhang San',
  contactPhone: '13912345678',
  province: 'Guangdong',
  creditCode: CREDIT,
  legalPersonIdNumber: ID_NUMBER,
  licenceMediaId,
  licenceValidUntil: Math.floor(clock.now().getTime() / 1000) + 365 * 86400,
  qualifications: [],
  agent: false,
  ...over,
});

const listen = (token: string) => listenMessages(base, token, sockets);

describe('customers: region, contacts, industry, accounts attached, filters', () => {
  it('creates a customer unsubmitted with its contacts and lists it by each filter', async () => {
    const ops = await loginAs(t, 'super');
    const created = await req('POST', '/api/Customers', ops.token, {
      name: 'Harbour Tea',
      category: 'advertiser',
      phone: '13811112222',
      industry: 'catering',
      province: 'Guangdong',
      city: 'Shenzhen',
      district: 'Nanshan',
      contacts: [{ name: 'Li Si', phone: '13711112222' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const harbour = created.json().data;
    expect(harbour).toMatchObject({
      auditStatus: 'unsubmitted',
      province: 'Guangdong',
      city: 'Shenzhen',
      contacts: [{ name: 'Li Si', phone: '13711112222' }],
      accounts: [],
    });
    const adv = await req('POST', '/api/AdvertiserUsers', ops.token, {
      username: 'harbour_adv',
      password: 'Adv@12345',
      name: 'Harbour Adv',
      customer: harbour.id,
    });
    expect(adv.statusCode, adv.body).toBe(200);
    await req('POST', '/api/Customers', ops.token, { name: 'Mountain Bank', industry: 'finance', province: 'Hunan' });

    const list = async (q: string) =>
      (await req('GET', `/api/Customers?${q}`, ops.token)).json().datas.map((c: { name: string }) => c.name);
    expect(await list('industry=catering')).toEqual(['Harbour Tea']);
    expect(await list('province=Hunan')).toEqual(['Mountain Bank']);
    expect(await list('city=Shenzhen')).toEqual(['Harbour Tea']);
    expect(await list('contact=Li')).toEqual(['Harbour Tea']);
    expect(await list('contact=137111')).toEqual(['Harbour Tea']);
    expect((await list('auditStatus=unsubmitted')).sort()).toEqual(['Harbour Tea', 'Mountain Bank']);
    expect(await list('auditStatus=pass')).toEqual([]);
    const one = (await req('GET', `/api/Customers/${harbour.id}`, ops.token)).json().data;
    expect(one.accounts).toEqual([expect.objectContaining({ account: 'harbour_adv', name: 'Harbour Adv' })]);
  });

  it('checks contacts, industry and phones with the spec messages', async () => {
    const ops = await loginAs(t, 'super');
    const badContact = await req(
      'POST',
      '/api/Customers',
      ops.token,
      { name: 'Bad Contacts', contacts: [{ name: 'a$', phone: '123' }] },
      'zh',
    );
    expect(badContact.statusCode).toBe(400);
    expect(badContact.json().msg).toContain('联系人包含非法字符');
    const dupContact = await req('POST', '/api/Customers', ops.token, {
      name: 'Dup Contacts',
      contacts: [
        { name: 'Wang Wu', phone: '13611112222' },
        { name: 'Zhao Liu', phone: '13611112222' },
      ],
    });
    expect(dupContact.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(dupContact.json().msg).toContain('Contact phone already exists, please re-enter');
    const badIndustry = await req('POST', '/api/Customers', ops.token, { name: 'Odd Trade', industry: 'piracy' });
    expect(badIndustry.statusCode).toBe(400);
    expect(badIndustry.json().msg).toContain('Choose an industry from the list');
  });
});

describe('enterprise information and customer review', () => {
  it('lets an advertiser without the DIY flag upload its licence picture, and still not a material', async () => {
    const adv = await loginAs(t, 'advertisers', { customer: 'lucky', diy: false });
    expect(await licence(adv.token)).toMatch(/\S/);
    const material = await req('GET', '/api/Media/oss', adv.token);
    expect(material.statusCode).toBe(403);
  });

  it('refuses delivery until root passes the review, notifying the applicant live', async () => {
    const w = await deliveryWorld(t, 2);
    await t.app.ctx.db.update(customers).set({ auditStatus: 'unsubmitted' }).where(eq(customers.id, w.customerId));
    const adId = (await createAd(t, w.adv.token, 1, 'Mocha')).id;
    const plan = await createPlan(t, w.adv.token, [adId]);
    const apply = () =>
      req('POST', '/api/Ad_Audits', w.adv.token, {
        playListId: plan.id,
        robotIds: [w.robots[0]!.robotId],
        deliveryMode: 'robots',
      });
    const refused = await apply();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'CUSTOMER_NOT_APPROVED',
      msg: 'The customer "Lucky Coffee" has not passed the enterprise information review and cannot apply for delivery',
    });

    // Submitting before saving the information is refused.
    expect((await req('POST', '/api/Customers/mainInfo/apply', w.adv.token, {})).json().code).toBe(
      'ENTERPRISE_INFO_MISSING',
    );
    const empty = (await req('GET', '/api/Customers/mainInfo', w.adv.token)).json().data;
    // Never saved: the form starts from the customer record.
    expect(empty).toMatchObject({
      customerName: 'Lucky Coffee',
      enterpriseName: 'Lucky Coffee',
      updatetime: null,
      licence: null,
      auditStatus: 'unsubmitted',
    });

    const licenceId = await licence(w.adv.token);
    const qualificationId = await licence(w.adv.token, 'qualification.png');
    const badCode = `${CREDIT.slice(0, 17)}4`;
    const wrongCredit = await req(
      'PUT',
      '/api/Customers/mainInfo',
      w.adv.token,
      info(licenceId, { creditCode: badCode }),
      'zh',
    );
    expect(wrongCredit.json()).toMatchObject({ field: 'creditCode' });
    expect(wrongCredit.json().msg).toContain('统一社会信用代码校验位不正确');
    const feb30 = '11010519490230002';
    const wrongId = await req('PUT', '/api/Customers/mainInfo', w.adv.token, {
      ...info(licenceId),
      legalPersonIdNumber: feb30 + idNumberCheckChar(feb30),
    });
    expect(wrongId.json().msg).toContain('The birth date in the ID number is not valid');
    const wrongCheck = await req('PUT', '/api/Customers/mainInfo', w.adv.token, {
      ...info(licenceId),
      legalPersonIdNumber: '110105194912310021',
    });
    expect(wrongCheck.json().msg).toContain('The check digit of the ID number is wrong');
    const badPeriod = await req('PUT', '/api/Customers/mainInfo', w.adv.token, {
      ...info(licenceId),
      qualifications: [{ mediaId: qualificationId, begin: 2000, end: 1000 }],
    });
    expect(badPeriod.json().msg).toContain('The end time must be later than the start time');
    const otherLicence = await licence(w.otherAdv.token);
    const foreign = await req('PUT', '/api/Customers/mainInfo', w.adv.token, info(otherLicence));
    expect(foreign.json()).toMatchObject({ code: 'LICENCE_PICTURE_INVALID', field: 'licenceMediaId' });

    const saved = await req('PUT', '/api/Customers/mainInfo', w.adv.token, {
      ...info(licenceId),
      agent: true,
      qualifications: [{ mediaId: qualificationId, begin: 1000, end: 2000 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      enterpriseName: 'Lucky Coffee Ltd',
      creditCode: CREDIT,
      agent: true,
      licence: { mediaId: licenceId, name: 'licence.png' },
      qualifications: [{ mediaId: qualificationId, begin: 1000, end: 2000 }],
    });
    expect(saved.json().data.licence.url).toMatch(/^\/|^http/);

    const bell = listen(w.adv.token);
    await bell.ready;
    const applied = await req('POST', '/api/Customers/mainInfo/apply', w.adv.token, {});
    expect(applied.statusCode, applied.body).toBe(200);
    const application = applied.json().data;
    expect(application).toMatchObject({ state: 'pending', customerName: 'Lucky Coffee', applicantName: 'Lucky Adv' });
    expect((await req('POST', '/api/Customers/mainInfo/apply', w.adv.token, {})).json().code).toBe(
      'CUSTOMER_AUDIT_PENDING',
    );
    expect((await req('PUT', '/api/Customers/mainInfo', w.adv.token, info(licenceId))).json().code).toBe(
      'CUSTOMER_AUDIT_PENDING',
    );

    // Only root/admin review: an ordinary operator is refused.
    const plainOps = await loginAs(t, 'super');
    expect((await req('GET', '/api/CustomerAudits/queryByPage', plainOps.token)).statusCode).toBe(403);
    expect((await req('POST', '/api/CustomerAudits/pass', plainOps.token, { id: application.id })).statusCode).toBe(
      403,
    );
    expect((await req('POST', '/api/CustomerAudits/pass', w.adv.token, { id: application.id })).statusCode).toBe(403);

    const root = w.operator.token;
    const pending = (await req('GET', '/api/CustomerAudits/queryByPage?state=pending&name=Lucky', root)).json();
    expect(pending.datas.map((a: { id: string }) => a.id)).toContain(application.id);
    const noReason = await req('POST', '/api/CustomerAudits/reject', root, { id: application.id, reason: '  ' });
    expect(noReason.json()).toMatchObject({ code: 'REJECT_REASON_REQUIRED', msg: 'A rejection needs a reason' });
    const rejected = await req('POST', '/api/CustomerAudits/reject', root, {
      id: application.id,
      reason: 'Blurred licence',
    });
    expect(rejected.json().data).toMatchObject({ state: 'reject', note: 'Blurred licence' });
    const heard = await bell.waitFor((m) => m.name === 'customer.audit.result');
    expect(heard.data).toMatchObject({ state: 'reject', name: 'Lucky Coffee', note: 'Blurred licence' });
    expect((await req('GET', '/api/Customers/mainInfo', w.adv.token)).json().data).toMatchObject({
      auditStatus: 'reject',
      auditNote: 'Blurred licence',
    });
    expect((await req('POST', '/api/CustomerAudits/pass', root, { id: application.id })).json().code).toBe(
      'AUDIT_NOT_PENDING',
    );
    expect((await apply()).json().code).toBe('CUSTOMER_NOT_APPROVED');

    // Fixed and submitted again; root passes it; the advertiser can now apply for delivery.
    await req('PUT', '/api/Customers/mainInfo', w.adv.token, info(licenceId));
    const second = (await req('POST', '/api/Customers/mainInfo/apply', w.adv.token, {})).json().data;
    const passed = await req('POST', '/api/CustomerAudits/pass', root, { id: second.id });
    expect(passed.json().data).toMatchObject({ state: 'pass', reviewerName: 'Root Op' });
    const messages = (await req('GET', '/api/Notifies/queryMessage?isRead=false', w.adv.token)).json().data;
    expect(messages.map((m: { name: string; data: { state: string } }) => `${m.name}:${m.data.state}`)).toEqual(
      expect.arrayContaining(['customer.audit.result:pass', 'customer.audit.result:reject']),
    );
    expect((await req('POST', '/api/Customers/mainInfo/apply', w.adv.token, {})).json().code).toBe(
      'CUSTOMER_ALREADY_PASSED',
    );
    const accepted = await apply();
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The applicant's history, newest first; another advertiser sees none of it.
    const history = (await req('GET', '/api/CustomerAudits/queryApplyByPage', w.adv.token)).json();
    expect(history.datas.map((a: { state: string }) => a.state)).toEqual(['pass', 'reject']);
    expect(history.datas[1].enterprise.licence.mediaId).toBe(licenceId);
    expect((await req('GET', '/api/CustomerAudits/queryApplyByPage', w.otherAdv.token)).json().total).toBe(0);
    expect((await req('GET', `/api/CustomerAudits/${second.id}`, w.otherAdv.token)).statusCode).toBe(404);
    // Another advertiser's form holds only its own customer record (nothing saved, nothing of Lucky Coffee's).
    const others = (await req('GET', '/api/Customers/mainInfo', w.otherAdv.token)).json().data;
    expect(others).toMatchObject({ creditCode: '', licence: null, updatetime: null });
    expect(others.enterpriseName).toBe(others.customerName);
    expect(others.customerName).not.toBe('Lucky Coffee');
  });

  it('sends a change of approved information or name back to review; the approval stands until decided', async () => {
    const w = await deliveryWorld(t, 2);
    await t.app.ctx.db.update(customers).set({ auditStatus: 'unsubmitted' }).where(eq(customers.id, w.customerId));
    const root = w.operator.token;
    const licenceId = await licence(w.adv.token);
    await req('PUT', '/api/Customers/mainInfo', w.adv.token, info(licenceId));
    const first = (await req('POST', '/api/Customers/mainInfo/apply', w.adv.token, {})).json().data;
    expect((await req('POST', '/api/CustomerAudits/pass', root, { id: first.id })).statusCode).toBe(200);
    const adId = (await createAd(t, w.adv.token, 1, 'Latte')).id;
    const apply = async () => {
      const plan = await createPlan(t, w.adv.token, [adId]);
      return req('POST', '/api/Ad_Audits', w.adv.token, {
        playListId: plan.id,
        robotIds: [w.robots[0]!.robotId],
        deliveryMode: 'robots',
      });
    };
    const mainInfo = async () => (await req('GET', '/api/Customers/mainInfo', w.adv.token)).json().data;

    // Saving the same information again changes nothing.
    await req('PUT', '/api/Customers/mainInfo', w.adv.token, info(licenceId));
    expect((await mainInfo()).auditStatus).toBe('pass');

    // A changed enterprise name goes back to review; the approved application keeps what was approved.
    const changed = await req(
      'PUT',
      '/api/Customers/mainInfo',
      w.adv.token,
      info(licenceId, { enterpriseName: 'Lucky Beans Ltd' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ enterpriseName: 'Lucky Beans Ltd', auditStatus: 'pending' });
    const history = async () => (await req('GET', '/api/CustomerAudits/queryApplyByPage', w.adv.token)).json().datas;
    const [pendingOne, approved] = await history();
    expect(pendingOne).toMatchObject({ state: 'pending', enterprise: { enterpriseName: 'Lucky Beans Ltd' } });
    expect(approved).toMatchObject({ id: first.id, state: 'pass', enterprise: { enterpriseName: 'Lucky Coffee Ltd' } });
    // The old approval stays in force meanwhile: delivery can still be applied for.
    const stillApproved = await apply();
    expect(stillApproved.statusCode, stillApproved.body).toBe(200);
    // No rename while the change waits for its decision.
    const renameWhilePending = await req('PUT', '/api/Customers', root, { id: w.customerId, name: 'Lucky Beans' });
    expect(renameWhilePending.json()).toMatchObject({ code: 'CUSTOMER_AUDIT_PENDING', field: 'name' });
    expect((await req('POST', '/api/CustomerAudits/pass', root, { id: pendingOne.id })).statusCode).toBe(200);

    // A new name for the approved customer goes back to review too; the approved snapshots keep the old name.
    const renamed = await req('PUT', '/api/Customers', root, { id: w.customerId, name: 'Lucky Beans' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Lucky Beans', auditStatus: 'pending' });
    const afterRename = await history();
    expect(afterRename.map((a: { state: string; customerName: string }) => `${a.state}:${a.customerName}`)).toEqual([
      'pending:Lucky Beans',
      'pass:Lucky Coffee',
      'pass:Lucky Coffee',
    ]);
    expect(afterRename[0].enterprise.customerName).toBe('Lucky Beans');
    expect(afterRename[2].enterprise).toMatchObject({
      customerName: 'Lucky Coffee',
      enterpriseName: 'Lucky Coffee Ltd',
    });

    // Rejected, the change ends the approval: no new delivery until a review passes again.
    await req('POST', '/api/CustomerAudits/reject', root, { id: afterRename[0].id, reason: 'Name not on the licence' });
    expect((await mainInfo()).auditStatus).toBe('reject');
    expect((await apply()).json().code).toBe('CUSTOMER_NOT_APPROVED');
  });

  it('pre-fills the information never saved from the customer record (name, contact, phone, province)', async () => {
    const ops = await loginAs(t, 'administrator');
    const created = await req('POST', '/api/Customers', ops.token, {
      name: 'Pier Seven Tea',
      phone: '13800138000',
      province: '广东省',
      contacts: [{ name: 'Li Lei', phone: '13900139000' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const shop = created.json().data;
    const info = (await req('GET', `/api/Customers/mainInfo?customerId=${shop.id}`, ops.token)).json().data;
    expect(info).toMatchObject({
      enterpriseName: 'Pier Seven Tea',
      contactName: 'Li Lei',
      contactPhone: '13900139000',
      province: '广东省',
      creditCode: '',
      licence: null,
      updatetime: null,
    });
  });

  it('lets an operator fill the information of a customer in its subtree only', async () => {
    const ops = await loginAs(t, 'administrator');
    const shop = (await req('POST', '/api/Customers', ops.token, { name: 'Operator Shop' })).json().data;
    expect((await req('GET', '/api/Customers/mainInfo', ops.token)).json()).toMatchObject({ field: 'customerId' });
    const licenceId = await licence(ops.token);
    const saved = await req('PUT', '/api/Customers/mainInfo', ops.token, { ...info(licenceId), customerId: shop.id });
    expect(saved.statusCode, saved.body).toBe(200);
    const stranger = await loginAs(t, 'administrator');
    expect((await req('GET', `/api/Customers/mainInfo?customerId=${shop.id}`, stranger.token)).statusCode).toBe(403);
    const applied = await req('POST', '/api/Customers/mainInfo/apply', ops.token, { customerId: shop.id });
    expect(applied.json().data.applicantId).toBe(ops.user.id);
    const mine = (await req('GET', '/api/CustomerAudits/queryApplyByPage', ops.token)).json();
    expect(mine.datas.map((a: { customerName: string }) => a.customerName)).toEqual(['Operator Shop']);
  });
});
