import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, loginAs, requester } from '../../../test/auth';
import type { TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryTestApp, type deliveryWorld } from '../../../test/delivery';

let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
beforeAll(async () => {
  ({ t, w } = await deliveryTestApp(2));
});
afterAll(() => t.close());
const req = requester(() => t);

describe('Proprietors: owner contact', () => {
  it('lets the owner and its operators set the contact, unique and by locale', async () => {
    const admin = await loginAs(t, 'administrator');
    const owner = await createUser(t, { role: 'project', parentId: admin.user.id });
    const ownerToken = await login(t, owner.username, owner.password, 'owner');
    const own = await req('GET', '/api/Proprietors/updateContact?name=Mr%20Wu&phone=13711110000', ownerToken);
    expect(own.json().data.contact).toEqual({ name: 'Mr Wu', phone: '13711110000' });
    const byOperator = await req('GET', `/api/Proprietors/updateContact?id=${owner.id}&phone=13711110001`, admin.token);
    expect(byOperator.json().data.contact).toEqual({ name: 'Mr Wu', phone: '13711110001' });
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/Proprietors/login',
      payload: { username: owner.username, password: owner.password },
    });
    expect(session.json().data.contact.phone).toBe('13711110001');

    await createUser(t, { role: 'operator', phone: '13711119999' });
    const taken = await req('GET', '/api/Proprietors/updateContact?phone=13711119999', ownerToken, undefined, 'zh');
    expect(taken.json()).toMatchObject({ code: 'CONTACT_PHONE_EXISTS', msg: '联系电话已存在，请重新输入' });
    const bad = await req('GET', '/api/Proprietors/updateContact?phone=123', ownerToken, undefined, 'zh');
    expect(bad.json()).toMatchObject({ code: 'PHONE_LENGTH', field: 'phone' });
    const stranger = await loginAs(t, 'administrator');
    expect(
      (await req('GET', `/api/Proprietors/updateContact?id=${owner.id}&phone=13711110002`, stranger.token)).statusCode,
    ).toBe(403);
    const otherOwner = await createUser(t, { role: 'project' });
    expect(
      (await req('GET', `/api/Proprietors/updateContact?id=${otherOwner.id}&phone=13711110003`, ownerToken)).statusCode,
    ).toBe(403);
  });
});

describe('Proprietors: owner authorization', () => {
  it('keeps add, open and remove inside the operator subtree', async () => {
    const admin = await loginAs(t, 'administrator');
    const mine = await createUser(t, { role: 'project', parentId: admin.user.id });
    const foreign = await createUser(t, { role: 'project' });
    const add = await req('POST', '/api/Proprietors/authorization/add', admin.token, {
      projectId: w.autoProperty.id,
      accountId: mine.id,
    });
    expect(add.json().data).toMatchObject({ accountId: mine.id, projectId: w.autoProperty.id, authorized: true });
    const refused = await req('POST', '/api/Proprietors/authorization/add', admin.token, {
      projectId: w.autoProperty.id,
      accountId: foreign.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await req('POST', '/api/Proprietors/authorization/remove', admin.token, { accountId: foreign.id })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', '/api/Proprietors/authorization/remove', admin.token, { accountId: mine.id })).json().data,
    ).toMatchObject({ authorized: false });
    expect(
      (await req('POST', '/api/Proprietors/authorization/open', admin.token, { accountId: mine.id })).json().data,
    ).toMatchObject({
      authorized: true,
    });
  });

  it("decides which applicants' applications an owner reviews, and its autoAudit", async () => {
    const root = w.operator;
    const adId = (await createAd(t, w.adv.token, 1, 'Scope Ad')).id;
    const steps = async () => {
      const plan = await createPlan(t, w.adv.token, [adId]);
      const res = await req('POST', '/api/Ad_Audits', w.adv.token, {
        playListId: plan.id,
        robotIds: [w.robots[0]!.robotId],
        deliveryMode: 'robots',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.steps.map((s: { kind: string }) => s.kind);
    };
    expect(await steps()).toEqual(['owner', 'operator']);

    // The owner reviews only the other advertiser's applications: this advertiser's skip the owner.
    const set = await req('PUT', '/api/Proprietors/reviewScope', root.token, {
      accountId: w.owner.user.id,
      applicantIds: [w.otherAdv.user.id],
    });
    expect(set.json().data).toMatchObject({ accountId: w.owner.user.id, autoAudit: 'no' });
    expect(set.json().data.applicants.map((a: { id: string }) => a.id)).toEqual([w.otherAdv.user.id]);
    expect(await steps()).toEqual(['operator']);

    // Listed again (with autoAudit yes): the owner's step passes by itself.
    await req('PUT', '/api/Proprietors/reviewScope', root.token, {
      accountId: w.owner.user.id,
      applicantIds: [w.adv.user.id, w.otherAdv.user.id],
      autoAudit: 'yes',
    });
    expect(await steps()).toEqual(['operator']);
    await req('PUT', '/api/Proprietors/reviewScope', root.token, {
      accountId: w.owner.user.id,
      applicantIds: [],
      autoAudit: 'no',
    });
    expect(await steps()).toEqual(['owner', 'operator']);

    const seen = await req('GET', `/api/Proprietors/reviewScope?accountId=${w.owner.user.id}`, w.owner.token);
    expect(seen.json().data).toEqual({ accountId: w.owner.user.id, autoAudit: 'no', applicants: [] });
    const stranger = await loginAs(t, 'administrator');
    expect(
      (
        await req('PUT', '/api/Proprietors/reviewScope', stranger.token, {
          accountId: w.owner.user.id,
          applicantIds: [],
        })
      ).statusCode,
    ).toBe(403);
    const notApplicant = await req('PUT', '/api/Proprietors/reviewScope', root.token, {
      accountId: w.owner.user.id,
      applicantIds: [w.ownerAuto.user.id],
    });
    expect(notApplicant.json()).toMatchObject({ code: 'NOT_FOUND', field: 'applicantIds' });
  });
});
