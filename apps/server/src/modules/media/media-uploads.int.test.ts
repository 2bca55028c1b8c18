import { newId } from '@robot-ads/contracts/common/ids';
import { UPLOAD_CREDENTIALS_TTL_SECONDS } from '@robot-ads/contracts/media/media.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { padTo, picture, uploadOnly } from '../../../test/media-files';
import { ManualClock } from '../../platform/clock';
import { customers } from '../customers/customers.table';
import { mediaUploadPolicies } from './media.table';
import { UPLOAD_GRACE_SECONDS } from './media-uploads';

const clock = new ManualClock(new Date('2026-11-24T02:00:00Z'));
let t: TestApp;
const KB = 1024;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { STORAGE_QUOTA_MB: '1' } });
});
afterAll(() => t?.close());

/** An advertiser of its own customer (its own upload directory), allowed to manage materials. */
async function advertiser() {
  const customer = newId();
  await t.app.ctx.db.insert(customers).values({ id: customer, name: `Shop ${customer.slice(-6)}` });
  const { token, user } = await loginAs(t, 'advertisers', { customer, diy: true });
  return { token, again: () => login(t, user.username, user.password, 'advertiser') };
}

const register = (token: string, key: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/Media',
    headers: { ...bearer(token), 'accept-language': lang },
    payload: { key, name: 'shop.png' },
  });
const stored = async (key: string) => (await t.app.ctx.storage.head(key)) !== null;
/** A real PNG of exactly `bytes` bytes. */
const png = async (bytes: number) => padTo(await picture(1080, 1920), bytes);
const hours = (n: number) => n * 3600 * 1000;

describe('uploads authorised but never registered', () => {
  it('are deleted once every policy of their directory has expired, registered files stay', async () => {
    const { token, again } = await advertiser();
    const kept = await uploadOnly(t, token, 'kept.png', await png(40 * KB));
    const registered = await register(token, kept);
    expect(registered.statusCode).toBe(200);
    const thumbnail = (await t.app.ctx.storage.list('materials/')).find((k) => k.includes('/thumb/'));
    const forgotten = await uploadOnly(t, token, 'forgotten.png', await png(40 * KB));
    expect(await stored(forgotten)).toBe(true);

    // Within the policy's hour and the grace after it, nothing goes.
    clock.advance((UPLOAD_CREDENTIALS_TTL_SECONDS + UPLOAD_GRACE_SECONDS) * 1000 - 60_000);
    expect(await t.app.ctx.jobs.runCleanups()).toMatchObject({ 'media.unregistered-uploads': 0 });
    expect(await stored(forgotten)).toBe(true);

    clock.advance(120_000);
    expect(await t.app.ctx.jobs.runCleanups()).toMatchObject({ 'media.unregistered-uploads': 1 });
    const fresh = await again();
    expect(await stored(forgotten)).toBe(false);
    expect(await stored(kept)).toBe(true);
    expect(thumbnail && (await stored(thumbnail))).toBe(true);
    const media = await t.app.inject({
      method: 'GET',
      url: `/api/Media/${registered.json().data.id}`,
      headers: bearer(fresh),
    });
    expect(media.statusCode).toBe(200);
    // The late registration of the deleted upload is refused with a message, not half-registered.
    const late = await register(fresh, forgotten);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ success: false, data: null, code: 'UPLOAD_OBJECT_MISSING' });
  });

  it('waits while a newer policy of the same directory is alive', async () => {
    const { token, again } = await advertiser();
    const early = await uploadOnly(t, token, 'early.png', await png(40 * KB));
    clock.advance(hours(1.5));
    // A second upload session (a new policy) in the same directory, still alive at the clean-up.
    const later = await uploadOnly(t, await again(), 'later.png', await png(40 * KB));
    clock.advance(hours(1));
    await t.app.ctx.jobs.runCleanups();
    expect(await stored(early)).toBe(true);
    expect(await stored(later)).toBe(true);
    clock.advance(hours(2));
    await t.app.ctx.jobs.runCleanups();
    expect(await stored(early)).toBe(false);
    expect(await stored(later)).toBe(false);
    const left = await t.app.ctx.db.select().from(mediaUploadPolicies);
    expect(left).toEqual([]);
  });
});

describe('per-account storage quota (STORAGE_QUOTA_MB)', () => {
  it('refuses a registration beyond the quota and deletes the file', async () => {
    const { token } = await advertiser();
    const first = await uploadOnly(t, token, 'first.png', await png(600 * KB));
    expect((await register(token, first)).statusCode).toBe(200);
    const second = await uploadOnly(t, token, 'second.png', await png(600 * KB));
    const refused = await register(token, second);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      data: null,
      code: 'STORAGE_QUOTA_EXCEEDED',
      msg: 'Storage is full: 1.17MB used of 1MB. Delete materials you no longer need, then upload again',
      field: 'file',
    });
    expect(await stored(second)).toBe(false);
    expect(await stored(first)).toBe(true);
  });

  it('refuses new upload credentials once registered and pending bytes reach it, in the caller language', async () => {
    const { token } = await advertiser();
    const first = await uploadOnly(t, token, 'first.png', await png(600 * KB));
    expect((await register(token, first)).statusCode).toBe(200);
    // Not registered, but on disk: it counts until it is registered or cleaned up.
    await uploadOnly(t, token, 'pending.png', await png(500 * KB));
    const oss = (lang: string) =>
      t.app.inject({ method: 'GET', url: '/api/Media/oss', headers: { ...bearer(token), 'accept-language': lang } });
    const zh = await oss('zh');
    expect(zh.statusCode).toBe(422);
    expect(zh.json()).toMatchObject({
      success: false,
      data: null,
      code: 'STORAGE_QUOTA_EXCEEDED',
      msg: '存储空间已满：已用 1.07MB，上限 1MB。请删除不再使用的素材后再上传',
    });
    expect((await oss('en')).json().msg).toBe(
      'Storage is full: 1.07MB used of 1MB. Delete materials you no longer need, then upload again',
    );
    // Another account is not affected.
    const other = (await advertiser()).token;
    expect((await t.app.inject({ method: 'GET', url: '/api/Media/oss', headers: bearer(other) })).statusCode).toBe(200);
  });
});
