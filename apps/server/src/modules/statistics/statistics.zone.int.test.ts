import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { deliveryWorld } from '../../../test/delivery';

/**
 * A client report that names no zone is made in the platform's zone (TIME_ZONE, docs/times-and-texts.md),
 * here Europe/Berlin: its days and its answer say so; a zone asked for wins.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { EVENT_AUDIT: 'off', TIME_ZONE: 'Europe/Berlin' } });
  w = await deliveryWorld(t, 1);
});
afterAll(() => t?.close());

async function zoneOf(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(w.adv.token), 'accept-language': 'en' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.timeZone;
}

describe('the zone of a report that names none', () => {
  it('is the platform zone; a zone asked for wins', async () => {
    const client = `/api/Advertisements/statisticsDaysByClientId?clientId=${w.customerId}`;
    expect(await zoneOf(client)).toBe('Europe/Berlin');
    expect(await zoneOf(`${client}&timeZone=Asia/Tokyo`)).toBe('Asia/Tokyo');
  });
});
