import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld, planBody } from '../../../test/delivery';
import { ManualClock } from '../../platform/clock';

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z')); // a Sunday, 15:00 in Shanghai
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let ad1: { id: string };
let ad4: { id: string };
const EN = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  w = await deliveryWorld(t, 1);
  ad1 = await createAd(t, w.adv.token, 1, 'One');
  ad4 = await createAd(t, w.adv.token, 4, 'Four');
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: object, token = w.adv.token) =>
  t.app.inject({ method: 'POST', url: '/api/Playlists', headers: { ...bearer(token), ...EN }, payload });

describe('delivery plans: create and read', () => {
  it('creates a plan with every Playlist field and the default priority 5', async () => {
    const res = await post(planBody(t, [ad1.id, ad4.id], { name: 'Morning coffee', countLimit: 300, timeLimit: 60 }));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Morning coffee',
      clientId: w.customerId,
      clientName: 'Lucky Coffee',
      priority: 5,
      playingMode: 'order',
      mode: 'order',
      countLimit: 300,
      timeLimit: 60,
      timeZone: 'Asia/Shanghai',
      materials: 5,
      advertisingtype: ['picture'],
      audit: { state: 'none', note: '' },
      deliveryStatus: 'notDelivered',
      planPullNumber: 0,
      alreadyPullNumber: 0,
    });
    expect(p.cycle).toEqual({ type: 'weekly', data: [1, 3, 5] });
    expect(p.times).toHaveLength(2);
    expect(p.advertisements.map((a: { id: string }) => a.id)).toEqual([ad1.id, ad4.id]);
    expect(p.id).toMatch(/^[0-9a-f]{24}$/);
    const got = await t.app.inject({ method: 'GET', url: `/api/Playlists/${p.id}`, headers: bearer(w.adv.token) });
    expect(got.json().data.name).toBe('Morning coffee');
  });

  it('stores a time zone code as its IANA zone, and refuses one outside the list', async () => {
    const jp = await post(planBody(t, [ad1.id], { timeZone: 'JP' }));
    expect(jp.json().data.timeZone).toBe('Asia/Tokyo');
    const sd = await post(planBody(t, [ad1.id], { timeZone: 'SD' }));
    expect(sd.json().data.timeZone).toBe('Africa/Khartoum');
    const bad = await post(planBody(t, [ad1.id], { timeZone: 'Europe/Paris' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Choose a time zone from the list');
  });

  it("lets an operator plan for a customer or for the operators' own ads, and takes ad objects", async () => {
    const forCustomer = await post({ ...planBody(t, [ad1.id]), clientId: w.customerId }, w.operator.token);
    expect(forCustomer.json().data).toMatchObject({ clientId: w.customerId, clientName: 'Lucky Coffee' });
    const own = await post({ ...planBody(t, []), advertisements: [{ id: ad1.id, name: 'One' }] }, w.operator.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.clientId).toBe('');
    const unknown = await post({ ...planBody(t, [ad1.id]), clientId: '0123456789abcdef01234567' }, w.operator.token);
    expect(unknown.json().msg).toBe('The customer does not exist');
  });

  it('lists the play modes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Playlists/getPlayingModes',
      headers: { ...bearer(w.adv.token), ...EN },
    });
    expect(res.json().data.map((m: { value: string }) => m.value)).toEqual(['order', 'round', 'random']);
  });
});

describe('delivery plans: every validation rule', () => {
  const refused = async (over: Record<string, unknown>, code: string, msg?: string) => {
    const res = await post(planBody(t, [ad1.id], over));
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect([body.code, body.msg].join(' ')).toContain(code);
    if (msg) expect(body.msg).toContain(msg);
  };

  it('a name is 2 to 50 characters, and the refusal says so', async () => {
    expect((await post(planBody(t, [ad1.id], { name: 'Plan of the spring coffee week in Shenzhen' }))).statusCode).toBe(
      200,
    );
    await refused({ name: 'P' }, 'VALIDATION_FAILED', 'Plan names are 2-50 characters');
    await refused({ name: 'P'.repeat(51) }, 'VALIDATION_FAILED', 'Plan names are 2-50 characters');
  });

  it('priority is 1, 5 or 9', async () => {
    for (const priority of [1, 5, 9]) expect((await post(planBody(t, [ad1.id], { priority }))).statusCode).toBe(200);
    await refused({ priority: 3 }, 'VALIDATION_FAILED', 'The priority must be 1, 5 or 9');
  });

  it('cycles none, time, daily, weekly (Monday = 1), monthly', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    for (const cycle of [
      { type: 'none', data: [] },
      { type: 'time', data: [now + 86400] },
      { type: 'daily', data: [] },
      { type: 'weekly', data: [1, 7] },
      { type: 'monthly', data: [1, 31] },
    ]) {
      const res = await post(planBody(t, [ad1.id], { cycle }));
      expect(res.statusCode, `${cycle.type}: ${res.body}`).toBe(200);
    }
    await refused({ cycle: { type: 'weekly', data: [0] } }, 'PLAYLIST_CYCLE_DATA_INVALID');
    await refused({ cycle: { type: 'monthly', data: [32] } }, 'PLAYLIST_CYCLE_DATA_INVALID');
    await refused({ cycle: { type: 'weekly', data: [] } }, 'PLAYLIST_CYCLE_DATA_REQUIRED');
    await refused({ cycle: { type: 'yearly', data: [] } }, 'VALIDATION_FAILED');
    await refused(
      { cycle: { type: 'daily', data: [] }, times: [] },
      'PLAYLIST_TIMES_REQUIRED',
      'Select at least one play period',
    );
  });

  it('play periods must not overlap and begin before they end', async () => {
    await refused(
      {
        times: [
          { begin: '09:00', end: '11:00' },
          { begin: '10:30', end: '12:00' },
        ],
      },
      'PLAYLIST_TIMES_CONFLICT',
      'Time periods must not conflict',
    );
    await refused(
      { times: [{ begin: '11:00', end: '10:00' }] },
      'END_BEFORE_START',
      'The end time must be later than the start time',
    );
    const touching = await post(
      planBody(t, [ad1.id], {
        times: [
          { begin: '09:00', end: '10:00' },
          { begin: '10:00', end: '11:00' },
        ],
      }),
    );
    expect(touching.statusCode).toBe(200);
  });

  it('begin before end; begin not before today, end not before now', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    await refused({ begin: now + 7200, end: now + 3600 }, 'END_BEFORE_START');
    // Today 00:00 in Shanghai is 16:00Z yesterday: allowed; one second before: refused.
    const todayStart = Math.floor(Date.parse('2026-11-21T16:00:00Z') / 1000);
    expect((await post(planBody(t, [ad1.id], { begin: todayStart }))).statusCode).toBe(200);
    await refused({ begin: todayStart - 1 }, 'PLAYLIST_BEGIN_PAST', 'The delivery start cannot be earlier than today');
    await refused({ begin: todayStart, end: now - 60 }, 'PLAYLIST_END_PAST');
    await refused({ begin: undefined }, 'VALIDATION_FAILED', 'The start time cannot be empty');
  });

  it('play modes order, round, random', async () => {
    for (const playingMode of ['order', 'round', 'random']) {
      expect((await post(planBody(t, [ad1.id], { playingMode }))).json().data.playingMode).toBe(playingMode);
    }
    await refused({ playingMode: 'shuffle' }, 'VALIDATION_FAILED', 'The play mode must be order, round or random');
  });

  it('count and time limits are positive integers', async () => {
    for (const bad of [0, -5, 2.5, 'ten']) {
      await refused(
        { countLimit: bad },
        'VALIDATION_FAILED',
        'Play count and play time limits must be positive integers',
      );
      await refused({ timeLimit: bad }, 'VALIDATION_FAILED', 'positive integers');
    }
  });

  it('needs ads that exist, with materials, at most 15 materials', async () => {
    await refused({ advertisements: [] }, 'VALIDATION_FAILED', 'Select at least one ad');
    await refused(
      { advertisements: ['0123456789abcdef01234567'] },
      'PLAYLIST_ADV_NOT_EXITS',
      'ad content does not exist',
    );
    await refused({ advertisements: [ad4.id, ad4.id, ad4.id, ad4.id] }, 'PLAYLIST_TOO_MANY_MATERIALS');
    const fifteen = await post(planBody(t, [ad4.id, ad4.id, ad4.id, ad1.id, ad1.id, ad1.id]));
    expect(fifteen.statusCode, fifteen.body).toBe(200);
    expect(fifteen.json().data.materials).toBe(15);
  });

  it("an advertiser cannot use another customer's ad", async () => {
    const foreign = await createAd(t, w.otherAdv.token, 1, 'Foreign');
    await refused({ advertisements: [foreign.id] }, 'PLAYLIST_ADV_NOT_EXITS');
  });

  it('answers in Chinese by default', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Playlists',
      headers: bearer(w.adv.token),
      payload: planBody(t, [ad1.id], {
        times: [
          { begin: '09:00', end: '11:00' },
          { begin: '10:00', end: '12:00' },
        ],
      }),
    });
    expect(res.json().msg).toContain('时间段冲突');
  });
});

describe('delivery plans: scope, edit, delete', () => {
  it("nobody sees another customer's plan; advertisers see their customer's", async () => {
    const plan = await createPlan(t, w.adv.token, [ad1.id], { name: 'Secret plan' });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/Playlists/${plan.id}`,
      headers: { ...bearer(w.otherAdv.token), ...EN },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('The plan ID does not exist');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/Playlists/queryByPage_v3?start=0&limit=100',
      headers: bearer(w.otherAdv.token),
    });
    expect(list.json().datas.map((p: { id: string }) => p.id)).not.toContain(plan.id);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/Playlists/queryByPage_v3?start=0&limit=5&name=Secret',
      headers: bearer(w.adv.token),
    });
    expect(mine.json().total).toBe(1);
    expect(mine.json().datas[0].id).toBe(plan.id);
    const root = await t.app.inject({
      method: 'GET',
      url: `/api/Playlists/${plan.id}`,
      headers: bearer(w.operator.token),
    });
    expect(root.statusCode).toBe(200);
    // A property account sees no plan that neither targets nor was applied for its devices.
    const owner = await t.app.inject({
      method: 'GET',
      url: `/api/Playlists/${plan.id}`,
      headers: bearer(w.owner.token),
    });
    expect(owner.statusCode).toBe(404);
    const ownerCreate = await post(planBody(t, [ad1.id]), w.owner.token);
    expect(ownerCreate.statusCode).toBe(403);
  });

  it('pages and filters on the server, selectors at most 100', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/Playlists/queryByPage_v3?start=0&limit=2',
      headers: bearer(w.adv.token),
    });
    expect(page.json().datas).toHaveLength(2);
    expect(page.json().total).toBeGreaterThan(2);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/Playlists/queryByCondition?limit=101',
      headers: bearer(w.adv.token),
    });
    expect(tooMany.statusCode).toBe(400);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/Playlists/queryByPage_v3?start=0&limit=100&status=notDelivered',
      headers: bearer(w.adv.token),
    });
    expect(status.json().datas.every((p: { deliveryStatus: string }) => p.deliveryStatus === 'notDelivered')).toBe(
      true,
    );
  });

  it('keeps the fields a PUT does not send (cycle, periods, priority, description, limits)', async () => {
    const plan = await createPlan(t, w.adv.token, [ad1.id], {
      priority: 9,
      description: 'Weekday lunch',
      countLimit: 300,
    });
    const base = planBody(t, [ad1.id]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Playlists',
      headers: bearer(w.adv.token),
      payload: { id: plan.id, name: 'Renamed plan', advertisements: [ad1.id], begin: base.begin, end: base.end },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Renamed plan',
      priority: 9,
      description: 'Weekday lunch',
      countLimit: 300,
      cycle: { type: 'weekly', data: [1, 3, 5] },
      timeZone: 'Asia/Shanghai',
    });
    expect(res.json().data.times).toHaveLength(2);
    // Sent as null, a limit is cleared; a required field left out is named.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/Playlists',
      headers: bearer(w.adv.token),
      payload: {
        id: plan.id,
        name: 'Renamed plan',
        advertisements: [ad1.id],
        begin: base.begin,
        end: base.end,
        countLimit: null,
      },
    });
    expect(cleared.json().data).toMatchObject({ countLimit: null, priority: 9 });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/Playlists',
      headers: { ...bearer(w.adv.token), ...EN },
      payload: { id: plan.id, name: 'Renamed plan', advertisements: [ad1.id], begin: base.begin },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('end');
  });

  it('edits a plan, keeping an unchanged begin, and deletes it', async () => {
    const plan = await createPlan(t, w.adv.token, [ad1.id]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Playlists',
      headers: bearer(w.adv.token),
      payload: { ...planBody(t, [ad4.id], { name: 'Edited', priority: 9 }), id: plan.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Edited', priority: 9, materials: 4 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/Playlists/${plan.id}`,
      headers: bearer(w.adv.token),
    });
    expect(del.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/Playlists/${plan.id}`,
      headers: { ...bearer(w.adv.token), ...EN },
    });
    expect(gone.json().msg).toBe('the plan has been cancelled');
  });
});

describe("delivery plans: the advertiser's booking reference (externalRef)", () => {
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/Playlists', headers: bearer(w.adv.token), payload });
  const listed = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Playlists/queryByPage_v3?start=0&limit=100&playListId=${id}`,
      headers: bearer(w.adv.token),
    });
    return res.json().datas.find((p: { id: string }) => p.id === id);
  };

  it('is stored trimmed, listed, shown, kept by a PUT that does not send it, cleared by null or empty', async () => {
    const plan = await createPlan(t, w.adv.token, [ad1.id], { externalRef: '  PO-2026-0417  ' });
    expect((await listed(plan.id)).externalRef).toBe('PO-2026-0417');
    const got = await t.app.inject({ method: 'GET', url: `/api/Playlists/${plan.id}`, headers: bearer(w.adv.token) });
    expect(got.json().data.externalRef).toBe('PO-2026-0417');
    const base = planBody(t, [ad1.id]);
    const required = { id: plan.id, name: 'Booked plan', advertisements: [ad1.id], begin: base.begin, end: base.end };
    const kept = await put(required);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Booked plan', externalRef: 'PO-2026-0417' });
    const edited = await put({ ...required, externalRef: 'BK-88' });
    expect(edited.json().data.externalRef).toBe('BK-88');
    const emptied = await put({ ...required, externalRef: '   ' });
    expect(emptied.json().data.externalRef).toBeNull();
    await put({ ...required, externalRef: 'BK-89' });
    const nulled = await put({ ...required, externalRef: null });
    expect(nulled.json().data.externalRef).toBeNull();
    expect((await listed(plan.id)).externalRef).toBeNull();
    // A plan created without one has none.
    expect((await createPlan(t, w.adv.token, [ad1.id])) as unknown).toMatchObject({ externalRef: null });
  });

  it('is refused over 64 characters (or when not text), in English and in Chinese', async () => {
    expect((await post(planBody(t, [ad1.id], { externalRef: 'x'.repeat(64) }))).statusCode).toBe(200);
    const en = await post(planBody(t, [ad1.id], { externalRef: 'x'.repeat(65) }));
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'externalRef' });
    expect(en.json().msg).toContain('The booking reference is text of at most 64 characters');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/Playlists',
      headers: bearer(w.adv.token),
      payload: planBody(t, [ad1.id], { externalRef: 'x'.repeat(65) }),
    });
    expect(zh.json().msg).toContain('客户订单参考号为文本，最多64个字符');
    const number = await post(planBody(t, [ad1.id], { externalRef: 417 }));
    expect(number.json().msg).toContain('The booking reference is text of at most 64 characters');
    const plan = await createPlan(t, w.adv.token, [ad1.id], { externalRef: 'PO-1' });
    const base = planBody(t, [ad1.id]);
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/api/Playlists',
      headers: { ...bearer(w.adv.token), ...EN },
      payload: { ...base, id: plan.id, externalRef: 'y'.repeat(65) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toContain('at most 64 characters');
  });
});
