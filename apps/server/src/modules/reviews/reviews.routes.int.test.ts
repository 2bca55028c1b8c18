import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { listenMessages } from '../../../test/socket';
import { ManualClock } from '../../platform/clock';

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let adId: string;
let base: string;
const sockets: Socket[] = [];
const EN = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp({ clock, ready: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  w = await deliveryWorld(t, 3);
  adId = (await createAd(t, w.adv.token, 2, 'Latte')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...EN }, ...(payload ? { payload } : {}) });
const apply = (playListId: string, robotIds: string[], token = w.adv.token, extra: object = {}) =>
  call('POST', '/api/Ad_Audits', token, { playListId, robotIds, deliveryMode: 'robots', ...extra });
const confirm = (id: string, token: string) => call('POST', '/api/Ad_Audits/confirm', token, { id });
const reject = (id: string, token: string, note = 'Wrong size') =>
  call('POST', '/api/Ad_Audits/reject', token, { id, note });
const plan = async (id: string, token = w.adv.token) => (await call('GET', `/api/Playlists/${id}`, token)).json().data;

const listen = (token: string) => listenMessages(base, token, sockets);

describe('review workflow: apply, owner and operator approve, live result', () => {
  it('goes pending -> (owner) -> (operator) -> post, publishes, and notifies the applicant live', async () => {
    const bell = listen(w.adv.token);
    await bell.ready;
    const p = await createPlan(t, w.adv.token, [adId]);
    const res = await apply(p.id, [w.robots[0]!.robotId, w.robots[1]!.robotId]);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({ type: 'apply', state: 'pending', deliveryMode: 'robots', robotCount: 2, mine: true });
    expect(a.steps.map((s: { kind: string }) => s.kind)).toEqual(['owner', 'operator']);
    expect((await plan(p.id)).audit.state).toBe('pending');
    expect((await plan(p.id)).deliveryStatus).toBe('pendingReview');

    // The property owner sees it in its review list; the auto-approving property does not.
    const todo = await call('GET', '/api/Ad_Audits/queryByPage?view=review&todo=true&start=0&limit=10', w.owner.token);
    expect(todo.json().datas.map((x: { id: string }) => x.id)).toContain(a.id);
    const notMine = await call('GET', '/api/Ad_Audits/queryByPage?view=review&start=0&limit=10', w.ownerAuto.token);
    expect(notMine.json().datas.map((x: { id: string }) => x.id)).not.toContain(a.id);
    expect((await confirm(a.id, w.ownerAuto.token)).statusCode).toBe(404);

    const byOwner = await confirm(a.id, w.owner.token);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().data).toMatchObject({ state: 'pending', myStep: 'post' });
    expect((await confirm(a.id, w.owner.token)).json().code).toBe('AUDIT_ALREADY_REVIEWED');

    const byOperator = await confirm(a.id, w.operator.token);
    expect(byOperator.json().data.state).toBe('post');
    const result = await bell.waitFor((m) => m.name === 'playlist.audit.result' && m.data.state === 'post');
    expect(result.data).toMatchObject({ id: p.id, name: p.name, state: 'post', type: 'apply', decision: 'post' });
    // The owner's approval alone sent nothing: only the outcome reaches the applicant.
    const inbox = await call('GET', '/api/Notifies/queryMessage?isRead=false', w.adv.token);
    expect(inbox.json().data.filter((m: { data: { id: string } }) => m.data.id === p.id)).toHaveLength(1);

    const after = await plan(p.id);
    expect(after).toMatchObject({
      audit: { state: 'post' },
      status: 'post',
      postStatus: 'post',
      planPullNumber: 2,
      alreadyPullNumber: 0,
    });
    expect(after.deliveryStatus).toBe('notStarted');
    const online = await call('GET', '/api/Playlists/queryOnlineAdvertising?start=0&limit=10', w.adv.token);
    expect(online.json().datas.map((x: { id: string }) => x.id)).toContain(p.id);
    // The owner now sees the plan delivered to its devices.
    expect((await call('GET', `/api/Playlists/${p.id}`, w.owner.token)).statusCode).toBe(200);

    // An approved application is final: every other action is refused with a clear message.
    for (const [method, url, body] of [
      ['POST', '/api/Ad_Audits/confirm', { id: a.id }],
      ['POST', '/api/Ad_Audits/reject', { id: a.id, note: 'late' }],
      ['POST', '/api/Ad_Audits/reapply', { id: a.id }],
      ['POST', '/api/Ad_Audits/applyCancel', { id: a.id }],
      ['POST', '/api/Ad_Audits/applyUpdate', { id: a.id }],
      ['DELETE', `/api/Ad_Audits/${a.id}`, undefined],
    ] as const) {
      const token = url.endsWith('confirm') || url.endsWith('reject') ? w.operator.token : w.adv.token;
      const r = await call(method, url, token, body);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(409);
      expect(r.json()).toMatchObject({ code: 'AUDIT_APPROVED_FINAL' });
      expect(r.json().msg).toContain('apply for a cancellation instead');
    }

    // Cancellation with a required reason, approved by the owner and an operator.
    const noReason = await call('POST', '/api/Ad_Audits/createCancel', w.adv.token, { playListId: p.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('The cancellation reason is required');
    const cancel = await call('POST', '/api/Ad_Audits/createCancel', w.adv.token, {
      playListId: p.id,
      reason: 'Campaign over',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({
      type: 'cancel',
      state: 'pending',
      reason: 'Campaign over',
      robotCount: 2,
    });
    const dup = await call('POST', '/api/Ad_Audits/createCancel', w.adv.token, { playListId: p.id, reason: 'again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('Duplicate submission or application');
    await confirm(cancel.json().data.id, w.owner.token);
    expect((await confirm(cancel.json().data.id, w.operator.token)).json().data.state).toBe('post');
    const cancelled = await plan(p.id);
    expect(cancelled.deliveryStatus).toBe('cancelled');
    expect(cancelled.planPullNumber).toBe(0);
    const time = await call('GET', `/api/Publishes/getCancelTimeByPlaylistId?playListId=${p.id}`, w.adv.token);
    expect(time.json().data.reason).toBe('Campaign over');
  });
});

describe('review workflow: every other transition', () => {
  it('autoAudit yes: only an operator reviews', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const a = (await apply(p.id, [w.autoRobots[0]!.robotId])).json().data;
    expect(a.steps.map((s: { kind: string }) => s.kind)).toEqual(['operator']);
    expect((await confirm(a.id, w.ownerAuto.token)).json().code).toBe('AUDIT_NOT_REVIEWER');
    expect((await confirm(a.id, w.operator.token)).json().data.state).toBe('post');
  });

  it('an advertiser cannot review', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const a = (await apply(p.id, [w.robots[2]!.robotId])).json().data;
    const r = await confirm(a.id, w.adv.token);
    expect(r.statusCode).toBe(403);
    const list = await call('GET', '/api/Ad_Audits/queryByPage?view=review', w.adv.token);
    expect(list.statusCode).toBe(403);
    await call('POST', '/api/Ad_Audits/applyCancel', w.adv.token, { id: a.id });
  });

  it('pending -> reject (reason required) -> reapply -> pending; refusals in reject', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const a = (await apply(p.id, [w.robots[2]!.robotId])).json().data;
    const noReason = await call('POST', '/api/Ad_Audits/reject', w.operator.token, { id: a.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('A rejection needs a reason');
    const bell = listen(w.adv.token);
    await bell.ready;
    const r = await reject(a.id, w.operator.token, 'Picture too dark');
    expect(r.json().data).toMatchObject({ state: 'reject', note: 'Picture too dark' });
    const live = await bell.waitFor((m) => m.name === 'playlist.audit.result' && m.data.state === 'reject');
    expect(live.data).toMatchObject({ id: p.id, note: 'Picture too dark' });
    expect((await plan(p.id)).audit).toEqual({ state: 'reject', note: 'Picture too dark' });
    expect((await plan(p.id)).deliveryStatus).toBe('notDelivered');

    expect((await confirm(a.id, w.operator.token)).json().code).toBe('AUDIT_NOT_PENDING');
    expect((await confirm(a.id, w.owner.token)).json().code).toBe('AUDIT_NOT_PENDING');
    expect((await reject(a.id, w.operator.token)).json().code).toBe('AUDIT_NOT_PENDING');
    expect((await call('POST', '/api/Ad_Audits/applyUpdate', w.adv.token, { id: a.id })).json().code).toBe(
      'AUDIT_NOT_PENDING',
    );

    const again = await call('POST', '/api/Ad_Audits/reapply', w.adv.token, { id: a.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.state).toBe('pending');
    expect(again.json().data.steps.every((s: { state: string }) => s.state === 'pending')).toBe(true);
    expect((await plan(p.id)).audit.state).toBe('pending');
    expect((await call('POST', '/api/Ad_Audits/reapply', w.adv.token, { id: a.id })).json().code).toBe(
      'AUDIT_NOT_REJECTED',
    );
    await call('POST', '/api/Ad_Audits/applyCancel', w.adv.token, { id: a.id });
  });

  it('pending -> update (before any decision) and withdraw; refusals in withdrawn; delete own only', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const a = (await apply(p.id, [w.robots[2]!.robotId])).json().data;
    const dup = await apply(p.id, [w.robots[1]!.robotId]);
    expect(dup.json().code).toBe('DUPLICATE_SUBMISSION');
    const upd = await call('POST', '/api/Ad_Audits/applyUpdate', w.adv.token, {
      id: a.id,
      robotIds: [w.robots[2]!.robotId, w.autoRobots[1]!.robotId],
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.robotCount).toBe(2);
    await confirm(a.id, w.owner.token);
    expect((await call('POST', '/api/Ad_Audits/applyUpdate', w.adv.token, { id: a.id })).json().code).toBe(
      'AUDIT_UNDER_REVIEW',
    );

    // A colleague of the same customer sees the record but may not delete or withdraw it.
    const colleague = await loginAs(t, 'advertisers', { customer: w.customerId });
    const seen = await call('GET', '/api/Ad_Audits/queryByPage?start=0&limit=50', colleague.token);
    expect(seen.json().datas.map((x: { id: string }) => x.id)).toContain(a.id);
    const del = await call('DELETE', `/api/Ad_Audits/${a.id}`, colleague.token);
    expect(del.statusCode).toBe(403);
    expect(del.json().msg).toBe('Cannot delete records that do not belong to my application');
    expect((await call('POST', '/api/Ad_Audits/applyCancel', colleague.token, { id: a.id })).json().code).toBe(
      'NOT_MY_RECORD',
    );
    // Another customer does not even see it.
    expect((await call('DELETE', `/api/Ad_Audits/${a.id}`, w.otherAdv.token)).statusCode).toBe(404);

    const wd = await call('POST', '/api/Ad_Audits/applyCancel', w.adv.token, { id: a.id, applicant: 'someone-else' });
    expect(wd.json().code).toBe('NOT_MY_RECORD');
    const withdrawn = await call('POST', '/api/Ad_Audits/applyCancel', w.adv.token, { id: a.id });
    expect(withdrawn.json().data.state).toBe('withdrawn');
    expect((await plan(p.id)).audit.state).toBe('none');
    for (const r of [
      await confirm(a.id, w.operator.token),
      await reject(a.id, w.operator.token),
      await call('POST', '/api/Ad_Audits/reapply', w.adv.token, { id: a.id }),
      await call('POST', '/api/Ad_Audits/applyCancel', w.adv.token, { id: a.id }),
      await call('POST', '/api/Ad_Audits/applyUpdate', w.adv.token, { id: a.id }),
    ]) {
      expect(r.json().code).toBe('AUDIT_WITHDRAWN');
    }
    const gone = await call('DELETE', `/api/Ad_Audits/${a.id}`, w.adv.token);
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', `/api/Ad_Audits/${a.id}`, w.adv.token)).statusCode).toBe(404);
  });

  it('a pending or rejected record can be deleted by its applicant', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const a = (await apply(p.id, [w.robots[2]!.robotId])).json().data;
    expect((await call('DELETE', `/api/Ad_Audits/${a.id}`, w.adv.token)).statusCode).toBe(200);
    const b = (await apply(p.id, [w.robots[2]!.robotId])).json().data;
    await reject(b.id, w.operator.token);
    expect((await call('DELETE', `/api/Ad_Audits/${b.id}`, w.adv.token)).statusCode).toBe(200);
  });

  it('a vanished plan: "the plan has been cancelled"', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const a = (await apply(p.id, [w.robots[2]!.robotId])).json().data;
    expect((await call('DELETE', `/api/Playlists/${p.id}`, w.adv.token)).statusCode).toBe(200);
    const r = await confirm(a.id, w.operator.token);
    expect(r.json().msg).toBe('the plan has been cancelled');
    expect((await apply(p.id, [w.robots[2]!.robotId])).json().msg).toBe('the plan has been cancelled');
  });
});

describe('add devices, pause and device checks', () => {
  it('add needs a delivered plan; pause needs a reason and a window; both take effect on approval', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const early = await apply(p.id, [w.autoRobots[2]!.robotId], w.adv.token, { type: 'add' });
    expect(early.json().code).toBe('AUDIT_PLAN_NOT_DELIVERED');
    const a = (await apply(p.id, [w.autoRobots[2]!.robotId])).json().data;
    await confirm(a.id, w.operator.token);
    const add = await apply(p.id, [w.autoRobots[1]!.robotId], w.adv.token, { type: 'add' });
    expect(add.statusCode, add.body).toBe(200);
    await confirm(add.json().data.id, w.operator.token);
    expect((await plan(p.id)).planPullNumber).toBe(2);

    const now = Math.floor(clock.now().getTime() / 1000);
    const noReason = await apply(p.id, [], w.adv.token, {
      type: 'pause',
      pauseBegin: now + 86400,
      pauseEnd: now + 2 * 86400,
    });
    expect(noReason.json().msg).toBe('The pause reason is required');
    const backwards = await apply(p.id, [], w.adv.token, {
      type: 'pause',
      reason: 'Renovation',
      pauseBegin: now + 2 * 86400,
      pauseEnd: now + 86400,
    });
    expect(backwards.json().code).toBe('END_BEFORE_START');
    const pause = await apply(p.id, [], w.adv.token, {
      type: 'pause',
      reason: 'Renovation',
      pauseBegin: now + 86400,
      pauseEnd: now + 2 * 86400,
    });
    expect(pause.statusCode, pause.body).toBe(200);
    await confirm(pause.json().data.id, w.operator.token);
    expect((await plan(p.id)).pauses).toEqual([{ begin: now + 86400, end: now + 2 * 86400, reason: 'Renovation' }]);
  });

  it('refuses a device without room: "insufficient remaining ad slots"', async () => {
    const big = await createPlan(t, w.adv.token, [adId], { priority: 9 });
    // autoRobots[2] already carries a 2-material plan from the test above.
    const r = await apply(big.id, [w.autoRobots[2]!.robotId]);
    expect(r.statusCode).toBe(422);
    expect(r.json().msg).toBe('Insufficient remaining ad slots');
    expect(r.json().field).toBe(`robotIds.${w.autoRobots[2]!.robotId}`);
    const unknown = await apply(big.id, ['NO-SUCH-ROBOT']);
    expect(unknown.json().msg).toBe('Device ID does not exist');
  });

  it('lists an application devices and the devices a plan is live on', async () => {
    const p = await createPlan(t, w.adv.token, [adId]);
    const a = (await apply(p.id, [w.autoRobots[0]!.robotId])).json().data;
    const robots = await call(
      'GET',
      `/api/Ad_Audits/getRobotsByAd_auditId?id=${a.id}&start=0&limit=10`,
      w.operator.token,
    );
    expect(robots.json()).toMatchObject({
      total: 1,
      datas: [{ robotId: w.autoRobots[0]!.robotId, publishState: null }],
    });
    await confirm(a.id, w.operator.token);
    const live = await call('GET', `/api/Ad_Audits/obtailRobotExist?id=${p.id}&start=0&limit=10`, w.adv.token);
    expect(live.json()).toMatchObject({
      total: 1,
      datas: [{ robotId: w.autoRobots[0]!.robotId, publishState: 'issued' }],
    });
  });
});
