import { errorEnvelope } from '@robot-ads/contracts/common/envelope';
import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld, planBody } from '../../../test/delivery';
import { createProject, createRobot } from '../../../test/devices';
import { createMaterial, picture, uploadAndRegister } from '../../../test/media-files';
import { customers } from '../customers/customers.table';

/**
 * Data scope by id (ARCHITECTURE "Authorization"): a user of customer A, operator subtree A or property A
 * asks for, edits or deletes B's record by its id and hears 404 (or 403) in the envelope, never B's data;
 * B's record is unchanged afterwards.
 */

let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
/** Two operator subtrees: A's administrator, and B's administrator with its sub-accounts and customer. */
let opA: { token: string; id: string };
let opB: { token: string; id: string };
let customerOfB: string;
const EN = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp({ startJobs: true });
  w = await deliveryWorld(t, 2);
  const a = await loginAs(t, 'administrator', { name: 'Admin A' });
  const b = await loginAs(t, 'administrator', { name: 'Admin B' });
  opA = { token: a.token, id: a.user.id };
  opB = { token: b.token, id: b.user.id };
  customerOfB = newId();
  await t.app.ctx.db.insert(customers).values({ id: customerOfB, name: 'Subtree B Tea', ownerId: opB.id });
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...EN }, ...(payload ? { payload } : {}) });

/**
 * Every request is refused with 404 or 403 in the failure envelope (with a message), and its body names
 * none of the secrets (the record's name and other data of B).
 */
async function refused(token: string, requests: Array<[Method, string, object?]>, secrets: string[]) {
  const wrong: string[] = [];
  for (const [method, url, payload] of requests) {
    const res = await call(method, url, token, payload);
    const envelope = errorEnvelope.safeParse(res.json());
    const leaked = secrets.filter((s) => res.body.includes(s));
    if (![403, 404].includes(res.statusCode) || !envelope.success || !envelope.data.msg || leaked.length) {
      wrong.push(`${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
  }
  expect(wrong).toEqual([]);
}

const data = async (method: Method, url: string, token: string, payload?: object) => {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Polls an export's state as its owner until it is done. */
async function finished(url: string, token: string) {
  for (let i = 0; i < 100; i++) {
    const state = await data('GET', url, token);
    if (state.state === 'done') return state;
    expect(state.state).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`export did not finish: ${url}`);
}

describe('materials, ads and plans of another customer', () => {
  it('refuses reading, editing and deleting them by id, and leaves them as they were', async () => {
    const pic = await picture(1080, 1920);
    const material = await createMaterial(t, w.adv.token, 'Secret Latte.png', pic);
    const media = (await uploadAndRegister(t, w.adv.token, 'Secret Mocha.png', pic)).json().data as { id: string };
    const ad = await createAd(t, w.adv.token, 1, 'Secret Ad');
    const plan = await createPlan(t, w.adv.token, [ad.id], { name: 'Secret Plan' });
    const secrets = ['Secret Latte', 'Secret Mocha', 'Secret Ad', 'Secret Plan'];
    const requests: Array<[Method, string, object?]> = [
      ['GET', `/api/Resources/${material.id}`],
      ['GET', `/api/Resources/video/findById?id=${material.id}`],
      ['PUT', '/api/Resources', { id: material.id, name: 'Taken' }],
      ['DELETE', `/api/Resources/${material.id}`],
      ['GET', `/api/Media/${media.id}`],
      ['DELETE', `/api/Media/${media.id}`],
      ['GET', `/api/Advertisements/${ad.id}`],
      [
        'PUT',
        '/api/Advertisements',
        { ...(await data('GET', `/api/Advertisements/${ad.id}`, w.adv.token)), id: ad.id },
      ],
      ['DELETE', `/api/Advertisements/${ad.id}`],
      ['GET', `/api/Playlists/${plan.id}`],
      ['PUT', '/api/Playlists', { ...planBody(t, [ad.id]), id: plan.id }],
      ['DELETE', `/api/Playlists/${plan.id}`],
      ['GET', `/api/Playlists/queryClientAndAdByPlaylistId?playListId=${plan.id}`],
      ['GET', `/api/Ad_Audits/obtailRobotExist?id=${plan.id}`],
      ['POST', '/api/Ad_Audits', { playListId: plan.id, deliveryMode: 'robots', robotIds: [w.robots[0]?.robotId] }],
    ];
    // Another customer's advertiser, and an operator of a subtree that does not manage this customer.
    await refused(w.otherAdv.token, requests, secrets);
    await refused(opA.token, requests, secrets);
    // Lists by ids leave them out instead.
    const listed = await data('POST', '/api/Advertisements/querysByIds', w.otherAdv.token, { ids: [ad.id] });
    expect(JSON.stringify(listed)).not.toContain('Secret Ad');
    // All of it is still there, unchanged, for its owner.
    expect((await data('GET', `/api/Resources/${material.id}`, w.adv.token)).name).toContain('Secret Latte');
    expect((await data('GET', `/api/Media/${media.id}`, w.adv.token)).id).toBe(media.id);
    expect((await data('GET', `/api/Advertisements/${ad.id}`, w.adv.token)).name).toBe('Secret Ad');
    expect((await data('GET', `/api/Playlists/${plan.id}`, w.adv.token)).name).toBe('Secret Plan');
  });
});

describe('applications, publish records, notifications and exports', () => {
  it("shows a property owner only its own property's devices of an application that also targets others", async () => {
    const ad = await createAd(t, w.adv.token, 1, 'Two Malls Ad');
    const plan = await createPlan(t, w.adv.token, [ad.id], { name: 'Two Malls Plan' });
    const mine = w.robots[0]?.robotId as string;
    const theirs = w.autoRobots[0]?.robotId as string;
    // A third property whose owner reviews too (its step is in the chain).
    const third = await createProject(t, { name: 'Third Plaza' });
    await loginAs(t, 'project', { projectId: third.id, autoAudit: false });
    const thirds = (await createRobot(t, { projectId: third.id, salesType: 'rental' })).robotId;
    const applied = await data('POST', '/api/Ad_Audits', w.adv.token, {
      playListId: plan.id,
      deliveryMode: 'robots',
      robotIds: [mine, theirs, thirds],
    });
    expect(applied.robotIds.sort()).toEqual([mine, theirs, thirds].sort());
    const seen = await data('GET', `/api/Ad_Audits/${applied.id}`, w.owner.token);
    expect(seen.robotIds).toEqual([mine]);
    expect(seen.robotCount).toBe(1);
    const devices = await call('GET', `/api/Ad_Audits/getRobotsByAd_auditId?id=${applied.id}`, w.owner.token);
    expect(devices.json()).toMatchObject({ total: 1, datas: [{ robotId: mine }] });
    const listed = await call('GET', '/api/Ad_Audits/queryByPage?view=review&start=0&limit=50', w.owner.token);
    const row = listed.json().datas.find((a: { id: string }) => a.id === applied.id);
    expect(row).toMatchObject({ robotIds: [mine], robotCount: 1 });
    // The POST form of the list (the spec's verb) answers the same page.
    const posted = await call('POST', '/api/Ad_Audits/queryByPage', w.owner.token, { view: 'review', limit: 50 });
    expect(posted.json()).toEqual(listed.json());
    for (const other of [theirs, thirds, w.autoProperty.name, third.name, third.id]) {
      expect(JSON.stringify([seen, devices.json(), listed.json()])).not.toContain(other);
    }
    // The other property's review step shows where it stands, not which property it is.
    expect(seen.steps).toEqual([
      expect.objectContaining({ kind: 'owner', projectId: w.property.id, propertyname: w.property.name }),
      expect.objectContaining({ kind: 'owner', projectId: null, propertyname: null, state: 'pending' }),
      expect.objectContaining({ kind: 'operator' }),
    ]);
    // The applicant and the operators still see every device.
    const full = await data('GET', `/api/Ad_Audits/${applied.id}`, w.operator.token);
    expect(full.robotCount).toBe(3);
    expect(JSON.stringify(full.steps)).toContain(third.name);
    const all = await call('GET', `/api/Ad_Audits/getRobotsByAd_auditId?id=${applied.id}`, w.adv.token);
    expect(all.json().total).toBe(3);
  });

  it('refuses applications, publish records, messages and exports of others by id', async () => {
    const ad = await createAd(t, w.adv.token, 1, 'Secret Ad 2');
    const plan = await createPlan(t, w.adv.token, [ad.id], { name: 'Secret Plan 2' });
    const inP = w.robots[1]?.robotId as string;
    const inQ = w.autoRobots[1]?.robotId as string;
    const application = await data('POST', '/api/Ad_Audits', w.adv.token, {
      playListId: plan.id,
      deliveryMode: 'robots',
      robotIds: [inP],
    });
    const secrets = ['Secret Ad 2', 'Secret Plan 2'];
    const onApplication = (id: string): Array<[Method, string, object?]> => [
      ['GET', `/api/Ad_Audits/${id}`],
      ['GET', `/api/Ad_Audits/getRobotsByAd_auditId?id=${id}`],
      ['POST', '/api/Ad_Audits/applyCancel', { id }],
      ['POST', '/api/Ad_Audits/applyUpdate', { id, robotIds: [inP] }],
      ['POST', '/api/Ad_Audits/reapply', { id }],
      ['DELETE', `/api/Ad_Audits/${id}`],
    ];
    await refused(w.otherAdv.token, onApplication(application.id), secrets);
    // A property the application does not touch: neither its record nor a decision on it.
    await refused(
      w.ownerAuto.token,
      [
        ['GET', `/api/Ad_Audits/${application.id}`],
        ['GET', `/api/Ad_Audits/getRobotsByAd_auditId?id=${application.id}`],
        ['POST', '/api/Ad_Audits/confirm', { id: application.id }],
        ['POST', '/api/Ad_Audits/reject', { id: application.id, note: 'No' }],
      ],
      secrets,
    );
    // An application touching only another property is not even there for this owner.
    const elsewhere = await createPlan(t, w.adv.token, [ad.id], { name: 'Secret Plan 3' });
    const other = await data('POST', '/api/Ad_Audits', w.adv.token, {
      playListId: elsewhere.id,
      deliveryMode: 'robots',
      robotIds: [inQ],
    });
    await refused(
      w.owner.token,
      [
        ['GET', `/api/Ad_Audits/${other.id}`],
        ['GET', `/api/Ad_Audits/getRobotsByAd_auditId?id=${other.id}`],
        ['POST', '/api/Ad_Audits/confirm', { id: other.id }],
      ],
      ['Secret Plan 3', inQ],
    );
    // An operator whose subtree does not manage the customer neither reads nor decides it.
    await refused(
      opA.token,
      [
        ['GET', `/api/Ad_Audits/${application.id}`],
        ['GET', `/api/Ad_Audits/getRobotsByAd_auditId?id=${application.id}`],
        ['POST', '/api/Ad_Audits/confirm', { id: application.id }],
        ['POST', '/api/Ad_Audits/reject', { id: application.id, note: 'No' }],
      ],
      secrets,
    );
    expect((await data('GET', `/api/Ad_Audits/${application.id}`, w.adv.token)).state).toBe('pending');

    // Approved and published: the applicant hears it; nobody else can mark that message read.
    await data('POST', '/api/Ad_Audits/confirm', w.owner.token, { id: application.id });
    await data('POST', '/api/Ad_Audits/confirm', w.operator.token, { id: application.id });
    const inbox = await call('GET', '/api/Notifies/queryMessage?isRead=false&start=0&limit=50', w.adv.token);
    const message = inbox.json().data.find((m: { data: { id: string } }) => m.data.id === plan.id);
    expect(message).toBeTruthy();
    await refused(w.otherAdv.token, [['POST', '/api/Notifies/readMessage', { messageId: message.id }]], secrets);
    await refused(w.owner.token, [['POST', '/api/Notifies/readMessage', { messageId: message.id }]], secrets);
    const still = await call('GET', '/api/Notifies/queryMessage?isRead=false&start=0&limit=50', w.adv.token);
    expect(still.json().data.map((m: { id: string }) => m.id)).toContain(message.id);

    // Publish records: refused to another customer and another subtree; a property sees only its devices.
    const details = await call('GET', `/api/Publishes/queryDetailByPlaylistId?playListId=${plan.id}`, w.adv.token);
    const record = details.json().datas[0] as { id: string; robotId: string };
    expect(record.robotId).toBe(inP);
    await refused(
      w.otherAdv.token,
      [
        ['GET', `/api/Publishes/queryDetailByPlaylistId?playListId=${plan.id}`],
        ['GET', `/api/Publishes/query?playListId=${plan.id}`],
        ['GET', `/api/Publishes/exportDetailByPlaylistId?playListId=${plan.id}`],
        ['GET', `/api/Publishes/consume?playListId=${plan.id}`],
        ['GET', `/api/Publishes/consumeExportAndProgress?playListId=${plan.id}`],
      ],
      secrets,
    );
    // Statistics (consumption) of the plan: neither another subtree nor a property it is not delivered to.
    const statistics: Array<[Method, string, object?]> = [
      ['GET', `/api/Publishes/consume?playListId=${plan.id}`],
      ['GET', `/api/Publishes/consumeExportAndProgress?playListId=${plan.id}`],
      ['GET', `/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${plan.id}`],
      ['GET', `/api/Advertisements/statisticsByProvince?playlistId=${plan.id}`],
      ['GET', `/api/Advertisements/exportStatisByPlaylistId?playlistId=${plan.id}`],
      ['GET', `/api/Statis/queryAdPlay_adList?playlistId=${plan.id}`],
      ['GET', `/api/Statis/statiQrHourbyplaylistId?playlistId=${plan.id}`],
    ];
    await refused(opA.token, statistics, secrets);
    await refused(w.ownerAuto.token, statistics, secrets);
    await refused(w.otherAdv.token, statistics, secrets);
    await refused(
      w.otherAdv.token,
      [['GET', `/api/Advertisements/statisticsByClientIdExRising?clientId=${w.customerId}`]],
      secrets,
    );
    await refused(opA.token, [['DELETE', `/api/Publishes/${record.id}?reason=Mine`]], secrets);
    await refused(
      w.ownerAuto.token,
      [['GET', `/api/Publishes/queryDetailByPlaylistId?playListId=${plan.id}`]],
      [...secrets, inP],
    );
    const kept = await call('GET', `/api/Publishes/queryDetailByPlaylistId?playListId=${plan.id}`, w.adv.token);
    expect(kept.json().datas.map((r: { id: string }) => r.id)).toContain(record.id);

    // Exports: another user's key reads nothing, neither its progress nor its file.
    const publishKey = (await data('GET', `/api/Publishes/exportDetailByPlaylistId?playListId=${plan.id}`, w.adv.token))
      .key as string;
    await finished(`/api/Publishes/queryExportState?key=${publishKey}`, w.adv.token);
    const auditKey = (await data('POST', '/api/Ad_Audits/exportAd_audit', w.adv.token, {})).key as string;
    await finished(`/api/Ad_Audits/queryExportAd_audit?key=${auditKey}`, w.adv.token);
    const deviceKey = (await data('POST', '/api/Devices/exportRobotInfo', opB.token, {})).key as string;
    await finished(`/api/Devices/queryExportState?key=${deviceKey}`, opB.token);
    const exports: Array<[Method, string, object?]> = [
      ['GET', `/api/Publishes/queryExportState?key=${publishKey}`],
      ['GET', `/api/Publishes/exportFile?key=${publishKey}`],
      ['GET', `/api/Ad_Audits/queryExportAd_audit?key=${auditKey}`],
      ['GET', `/api/Ad_Audits/queryCheckResult?key=${auditKey}`],
      ['GET', `/api/Devices/queryExportState?key=${deviceKey}`],
      ['GET', `/api/Devices/exportFile?key=${deviceKey}`],
    ];
    await refused(w.otherAdv.token, exports, secrets);
    await refused(opA.token, exports, secrets);
    await refused(w.owner.token, exports, secrets);
    expect((await call('GET', `/api/Devices/exportFile?key=${deviceKey}`, opB.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/Publishes/exportFile?key=${publishKey}`, w.adv.token)).statusCode).toBe(200);
  });
});

describe('device groups, devices, customers and accounts of another subtree or property', () => {
  it('refuses them by id and leaves them as they were', async () => {
    const inP = w.robots[0]?.robotId as string;
    const group = await data('POST', '/api/AdvertGroups', opB.token, { name: 'Secret Group', robotIds: [inP] });
    const groupKey = (await data('GET', `/api/AdvertGroups/exportRobotInfo?id=${group.id}`, opB.token)).key as string;
    await finished(`/api/AdvertGroups/queryExportState?key=${groupKey}`, opB.token);
    const sub = await createUser(t, { role: 'operator', parentId: opB.id, name: 'Secret Sub' });
    const advB = await createUser(t, {
      role: 'advertisers',
      parentId: opB.id,
      customer: customerOfB,
      name: 'Secret AdvB',
    });
    const secrets = ['Secret Group', 'Subtree B Tea', 'Secret Sub', 'Secret AdvB', sub.username, advB.username];
    const ofSubtreeB: Array<[Method, string, object?]> = [
      ['GET', `/api/AdvertGroups/${group.id}`],
      ['PUT', '/api/AdvertGroups', { id: group.id, name: 'Taken' }],
      ['GET', `/api/AdvertGroups/queryRobotlist?id=${group.id}`],
      ['GET', `/api/AdvertGroups/exportRobotInfo?id=${group.id}`],
      ['GET', `/api/AdvertGroups/queryExportState?key=${groupKey}`],
      ['GET', `/api/Devices/exportFile?key=${groupKey}`],
      ['DELETE', `/api/AdvertGroups/${group.id}`],
      ['GET', `/api/Customers/${customerOfB}`],
      ['PUT', '/api/Customers', { id: customerOfB, name: 'Taken Tea' }],
      ['DELETE', `/api/Customers/${customerOfB}`],
      ['GET', `/api/Users/${sub.id}`],
      ['PUT', `/api/Users/${sub.id}`, { name: 'Taken' }],
      ['DELETE', `/api/Users/${sub.id}`],
      ['GET', `/api/Users/children?id=${opB.id}`],
      ['GET', `/api/AdvertiserUsers/${advB.id}`],
      ['PUT', '/api/AdvertiserUsers', { id: advB.id, name: 'Taken' }],
      ['DELETE', `/api/AdvertiserUsers/${advB.id}`],
      ['GET', `/api/AdvertiserUsers/2AFConfig?userId=${advB.id}`],
      ['GET', `/api/AdvertiserUsers/2AFConfigUpsert?userId=${advB.id}&enabled=false`],
    ];
    await refused(opA.token, ofSubtreeB, secrets);
    // An advertiser reads neither another customer nor another advertiser's account.
    await refused(
      w.otherAdv.token,
      [
        ['GET', `/api/Customers/${w.customerId}`],
        ['GET', `/api/Users/${w.adv.user.id}`],
        ['GET', `/api/AdvertiserUsers/${w.adv.user.id}`],
        ['GET', `/api/AdvertiserUsers/2AFConfig?userId=${w.adv.user.id}`],
        ['GET', `/api/AdvertGroups/${group.id}`],
      ],
      ['Lucky Coffee', 'Lucky Adv', w.adv.user.username, 'Secret Group'],
    );
    // A property owner neither reads nor edits the devices of another property.
    await refused(
      w.ownerAuto.token,
      [
        ['GET', `/api/Devices/robotBaseInfo?robotId=${inP}`],
        ['POST', '/api/Devices/setInfo', { robotId: inP, name: 'Taken' }],
      ],
      [inP],
    );
    const robot = await data('GET', `/api/Devices/robotBaseInfo?robotId=${inP}`, w.owner.token);
    expect(robot.name).not.toBe('Taken');
    expect((await data('GET', `/api/AdvertGroups/${group.id}`, opB.token)).name).toBe('Secret Group');
    expect((await call('GET', `/api/Devices/exportFile?key=${groupKey}`, opB.token)).statusCode).toBe(200);
    expect((await data('GET', `/api/Customers/${customerOfB}`, opB.token)).name).toBe('Subtree B Tea');
    expect((await data('GET', `/api/Users/${sub.id}`, opB.token)).name).toBe('Secret Sub');
    expect((await data('GET', `/api/AdvertiserUsers/${advB.id}`, opB.token)).name).toBe('Secret AdvB');
  });
});
