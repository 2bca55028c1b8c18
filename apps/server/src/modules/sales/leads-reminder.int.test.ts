import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { ManualClock } from '../../platform/clock';
import { LeadsService } from './leads.service';

/**
 * The follow-up reminder's "today" is the platform's day (TIME_ZONE, docs/times-and-texts.md), here
 * America/New_York (UTC-5 in November): 2026-11-25 02:00 UTC is still 24 November 21:00 in New York,
 * while it is already 25 November 10:00 in China.
 */
const clock = new ManualClock(new Date('2026-11-25T02:00:00Z'));
let t: TestApp;
let sales: Awaited<ReturnType<typeof loginAs>>;
const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { TIME_ZONE: 'America/New_York' } });
  sales = await loginAs(t, 'operator', { name: 'Nora Sales' });
});
afterAll(async () => t?.close());

async function lead(name: string, phone: string, nextFollowAt: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Leads',
    headers: { ...bearer(sales.token), 'accept-language': 'zh' },
    payload: { name, phone, nextFollowAt },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

async function remindedLeadIds(): Promise<string[]> {
  const bell = await t.app.inject({
    method: 'GET',
    url: '/api/Notifies/queryMessage?isRead=false',
    headers: bearer(sales.token),
  });
  expect(bell.statusCode, bell.body).toBe(200);
  return bell
    .json()
    .data.filter((n: { name: string }) => n.name === 'lead.follow.reminder')
    .map((n: { data: { id: string } }) => n.data.id)
    .sort();
}

describe('lead follow-up reminders in the platform zone', () => {
  it('reminds on the New York day of the follow-up, not the China day', async () => {
    const service = new LeadsService(
      t.app.ctx,
      { createCustomer: async () => ({ id: '' }), createAdvertiser: async () => ({ id: '' }) },
      t.app.services.notifications,
    );
    // 24 November 23:30 in New York: today there.
    const tonight = await lead('今晚跟进', '13800138101', unix('2026-11-25T04:30:00Z'));
    // 25 November 01:00 in New York (14:00 in China): tomorrow in New York, although today in China.
    const tomorrow = await lead('明天跟进', '13800138102', unix('2026-11-25T06:00:00Z'));

    expect(await service.sendDueReminders()).toBe(1);
    expect(await remindedLeadIds()).toEqual([tonight]);

    // 25 November 00:30 in New York: the second lead's day has come.
    clock.set(new Date('2026-11-25T05:30:00Z'));
    // Hours later the session has gone idle: the salesperson signs in again to read the bell.
    sales.token = await login(t, sales.user.username, sales.user.password, 'operator');
    expect(await service.sendDueReminders()).toBe(1);
    expect(await remindedLeadIds()).toEqual([tonight, tomorrow].sort());
  });
});
