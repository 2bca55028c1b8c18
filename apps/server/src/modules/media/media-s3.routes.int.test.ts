import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { executable, picture, uploadAndRegister, video } from '../../../test/media-files';
import { startTestS3, type TestS3 } from '../../../test/s3-server';

let s3: TestS3;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await buildTestApp({ env: s3.env });
  ({ token } = await loginAs(t, 'advertisers', { customer: 'lucky', diy: true }));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('materials on S3-compatible storage', () => {
  it('gives a browser POST policy for the bucket, limited to the caller’s directory', async () => {
    const data = (await t.app.inject({ method: 'GET', url: '/api/Media/oss', headers: bearer(token) })).json().data;
    expect(data).toMatchObject({ provider: 's3', bucket: s3.bucket, region: 'us-east-1', AccessKeyId: 'S3RVER' });
    expect(data.AccessKeySecret).not.toBe(s3.secretAccessKey);
    const policy = JSON.parse(Buffer.from(data.SecurityToken, 'base64').toString());
    expect(policy.conditions).toContainEqual(['starts-with', '$key', `${data.dir}/`]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 100 * 1024 * 1024]);
    expect(data.upload.url).toBe(`${s3.endpoint}/${s3.bucket}`);
  });

  it('uploads straight to the bucket, checks the bytes there and serves a presigned link', async () => {
    const file = await picture(1080, 1920);
    const reg = await uploadAndRegister(t, token, 'cup.png', file, { template: 1, slot: 1 });
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json().data.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Resources',
      headers: bearer(token),
      payload: { mediaId: reg.json().data.id },
    });
    const material = res.json().data;
    expect(material.mdpath).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/materials/.+X-Amz-Signature=`));
    const download = await fetch(material.mdpath);
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
    // Deleting the material removes the object from the bucket.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/Resources/${material.id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(200);
    expect(await t.app.ctx.storage.head(material.oss.objectName)).toBeNull();
  });

  it('reads a video’s length from the object with ranged reads', async () => {
    const reg = await uploadAndRegister(t, token, 'spot.mp4', video(15, 1080, 1920), { template: 1, slot: 1 });
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json().data).toMatchObject({ kind: 'video', duration: 15000 });
  });

  it('refuses a renamed executable and removes it from the bucket', async () => {
    const before = await t.app.ctx.storage.list('materials/');
    const reg = await uploadAndRegister(t, token, 'photo.png', executable(), { template: 1, slot: 1 });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().code).toBe('UPLOAD_TYPE_UNSUPPORTED');
    expect(await t.app.ctx.storage.list('materials/')).toEqual(before);
  });
});
