import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { ManualClock } from '../../platform/clock';
import { accounts } from '../accounts/accounts.table';
import { customers } from '../customers/customers.table';
import { LeadsService } from './leads.service';

/** Intended customers (docs/sales.md): duplicates, timeline, reminder, atomic conversion, scope. */
const clock = new ManualClock(new Date('2026-11-25T02:00:00Z'));
let t: TestApp;
type Login = Awaited<ReturnType<typeof loginAs>>;
let sales: Login;
let otherSales: Login;
let adv: Login;
const EN = { 'accept-language': 'en' };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Login, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(who.token), ...EN }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const boss = await loginAs(t, 'administrator', { name: 'Boss' });
  sales = await loginAs(t, 'operator', { parentId: boss.user.id, name: 'Sally Sales' });
  otherSales = await loginAs(t, 'operator', { parentId: boss.user.id, name: 'Otto Sales' });
  adv = await loginAs(t, 'advertisers', { diy: true });
});
afterAll(async () => t?.close());

async function lead(phone: string, over: object = {}) {
  const res = await call('POST', '/api/Leads', sales, {
    name: 'Lucky Tea',
    phone,
    industry: '',
    priority: 'high',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; followState: string; ownerId: string };
}

describe('intended customers', () => {
  it('creates a lead owned by the caller and refuses a duplicate or malformed phone', async () => {
    const created = await lead('13800138001');
    expect(created).toMatchObject({ followState: 'notFollowed', ownerId: sales.user.id });
    const dup = await call('POST', '/api/Leads', otherSales, { name: 'Copy Cat', phone: '13800138001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('An intended customer with this phone already exists');
    const bad = await call('POST', '/api/Leads', sales, { name: 'Bad Phone', phone: '12345' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a dated timeline of notes and reminds the owner on the day', async () => {
    const { id } = await lead('13800138002');
    const tomorrow = Math.floor(clock.now().getTime() / 1000) + 86_400;
    const first = await call('POST', '/api/Leads/notes', sales, {
      leadId: id,
      content: 'Called, wants a quote',
      nextFollowAt: tomorrow,
    });
    expect(first.json().data).toMatchObject({ followState: 'following', nextFollowAt: tomorrow });
    clock.advance(60_000);
    const second = await call('POST', '/api/Leads/notes', sales, {
      leadId: id,
      content: 'Sent the price list',
      followState: 'following',
    });
    const notes = second.json().data.notes;
    expect(notes.map((n: { content: string }) => n.content)).toEqual(['Called, wants a quote', 'Sent the price list']);
    expect(notes[1].time - notes[0].time).toBe(60);
    const service = new LeadsService(
      t.app.ctx,
      { createCustomer: async () => ({ id: '' }), createAdvertiser: async () => ({ id: '' }) },
      t.app.services.notifications,
    );
    expect(await service.sendDueReminders()).toBe(0);
    // Later today (China time): due now, reminded once.
    const laterToday = Math.floor(clock.now().getTime() / 1000) + 7200;
    await call('PUT', '/api/Leads', sales, { id, nextFollowAt: laterToday });
    expect(await service.sendDueReminders()).toBe(1);
    expect(await service.sendDueReminders()).toBe(0);
    const bell = (
      await t.app.inject({
        method: 'GET',
        url: '/api/Notifies/queryMessage?isRead=false',
        headers: bearer(sales.token),
      })
    ).json();
    expect(
      bell.data.some(
        (n: { name: string; data: { id: string } }) => n.name === 'lead.follow.reminder' && n.data.id === id,
      ),
    ).toBe(true);
  });

  it('converts a lead into a customer and its first account in one transaction', async () => {
    const { id } = await lead('13800138003', { name: 'Green Tea' });
    const taken = await createUser(t, { role: 'advertisers', username: 'taken_name' });
    const failed = await call('POST', '/api/Leads/convert', sales, {
      leadId: id,
      account: { account: taken.username, name: 'Green Adv', password: 'Aa1!aaaa' },
    });
    expect(failed.statusCode).toBe(409);
    expect(await t.app.ctx.db.select().from(customers).where(eq(customers.name, 'Green Tea'))).toHaveLength(0);
    const ok = await call('POST', '/api/Leads/convert', sales, {
      leadId: id,
      account: { account: 'green_adv', name: 'Green Adv', password: 'Aa1!aaaa' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { customerId, accountId } = ok.json().data;
    const [customer] = await t.app.ctx.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer).toMatchObject({ name: 'Green Tea', phone: '13800138003', ownerId: sales.user.id });
    const [account] = await t.app.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.customerId).toBe(customerId);
    const detail = (await call('GET', `/api/Leads/${id}`, sales)).json().data;
    expect(detail).toMatchObject({ followState: 'completed', customerId });
    const again = await call('POST', '/api/Leads/convert', sales, {
      leadId: id,
      account: { account: 'green_adv2', name: 'Green Adv', password: 'Aa1!aaaa' },
    });
    expect(again.json().code).toBe('LEAD_ALREADY_CONVERTED');
  });

  it('shows a salesperson its own leads only; advertisers none', async () => {
    const mine = (await call('GET', '/api/Leads/queryByPage?limit=100', sales)).json();
    expect(mine.total).toBe(3);
    expect((await call('GET', '/api/Leads/queryByPage', otherSales)).json().total).toBe(0);
    expect((await call('GET', `/api/Leads/${mine.datas[0].id}`, otherSales)).statusCode).toBe(404);
    expect((await call('GET', '/api/Leads/queryByPage', adv)).statusCode).toBe(403);
    const high = (await call('GET', '/api/Leads/queryByPage?priority=high&followState=completed', sales)).json();
    expect(high.total).toBe(1);
  });
});
