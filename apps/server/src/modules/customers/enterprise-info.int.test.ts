import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, requester } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { picture, uploadAndRegister } from '../../../test/media-files';
import { ManualClock } from '../../platform/clock';

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const req = requester(() => t);
const nowS = () => Math.floor(clock.now().getTime() / 1000);

async function licencePicture(token: string, name: string) {
  const res = await uploadAndRegister(t, token, name, await picture(400, 300), { purpose: 'licence' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

/** The fields the form always sends (required by the PUT). */
const required = (licenceMediaId: string, customerId: string) => ({
  customerId,
  enterpriseName: 'Harbour Tea Ltd',
  contactName: 'Zhang San',
  contactPhone: '13912345678',
  province: 'Guangdong',
  creditCode: '91350100M000100Y43',
  legalPersonIdNumber: '11010519491231002X',
  licenceMediaId,
});

describe('PUT /api/Customers/mainInfo changes exactly the fields it sends', () => {
  it('keeps the qualifications, the agent flag and the licence end when a save leaves them out', async () => {
    const ops = await loginAs(t, 'administrator');
    const shop = (await req('POST', '/api/Customers', ops.token, { name: 'Harbour Tea' })).json().data;
    const licenceId = await licencePicture(ops.token, 'licence.png');
    const permitId = await licencePicture(ops.token, 'food-permit.png');
    const validUntil = nowS() + 365 * 86400;
    const qualification = { mediaId: permitId, begin: nowS() - 86400, end: nowS() + 180 * 86400 };
    const mainInfo = async () =>
      (await req('GET', `/api/Customers/mainInfo?customerId=${shop.id}`, ops.token)).json().data;

    // A first save without them: no qualification, not an agent, a long-term licence.
    const first = await req('PUT', '/api/Customers/mainInfo', ops.token, required(licenceId, shop.id));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ qualifications: [], agent: false, licenceValidUntil: null });

    const full = await req('PUT', '/api/Customers/mainInfo', ops.token, {
      ...required(licenceId, shop.id),
      licenceValidUntil: validUntil,
      qualifications: [qualification],
      agent: true,
    });
    expect(full.statusCode, full.body).toBe(200);

    // Only the form's fields, one of them changed: the rest stays as stored.
    const partial = await req('PUT', '/api/Customers/mainInfo', ops.token, {
      ...required(licenceId, shop.id),
      contactName: 'Li Si',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const kept = await mainInfo();
    expect(kept).toMatchObject({
      contactName: 'Li Si',
      agent: true,
      licenceValidUntil: validUntil,
      qualifications: [
        { mediaId: permitId, name: 'food-permit.png', begin: qualification.begin, end: qualification.end },
      ],
    });
    expect(kept.qualifications[0].url).toBeTruthy();

    // Sent empty, they are cleared.
    const cleared = await req('PUT', '/api/Customers/mainInfo', ops.token, {
      ...required(licenceId, shop.id),
      licenceValidUntil: null,
      qualifications: [],
      agent: false,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await mainInfo()).toMatchObject({ qualifications: [], agent: false, licenceValidUntil: null });
  });

  it('refuses a save without a field the information cannot be without, naming it', async () => {
    const ops = await loginAs(t, 'administrator');
    const shop = (await req('POST', '/api/Customers', ops.token, { name: 'Pier Tea' })).json().data;
    const licenceId = await licencePicture(ops.token, 'licence.png');
    const { enterpriseName: _name, ...withoutName } = required(licenceId, shop.id);
    const res = await req('PUT', '/api/Customers/mainInfo', ops.token, withoutName);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('enterpriseName');
  });
});
