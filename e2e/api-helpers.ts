import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';

/** Calls of the back-office API shared by the specs. */

export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(res.ok(), `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body as { data: T; datas?: T };
}

/** A QR code picture uploaded as the back-office does (upload form of /api/Media/oss, then registered with purpose qr). */
export async function uploadQr(request: APIRequestContext, token: string): Promise<string> {
  const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  const creds = (
    await call<{ dir: string; upload: { url: string; fields: Record<string, string> } }>(
      request,
      token,
      'GET',
      '/api/Media/oss',
    )
  ).data;
  const key = `${creds.dir}/qr/${crypto.randomUUID()}.png`;
  const upload = await request.post(creds.upload.url, {
    multipart: { ...creds.upload.fields, key, file: { name: 'qr.png', mimeType: 'image/png', buffer } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return (await call<{ id: string }>(request, token, 'POST', '/api/Media', { key, name: 'qr.png', purpose: 'qr' })).data
    .id;
}

/** A 1080x1920 demo picture (a material every seeded database has). */
export async function demoPicture(request: APIRequestContext, token: string): Promise<string> {
  const pictures = await call<unknown>(request, token, 'GET', '/api/Resources/queryByPage_admin?kind=picture&limit=50');
  const picture = (pictures.datas as Array<{ id: string; width: number | null; height: number | null }>).find(
    (r) => r.width === 1080 && r.height === 1920,
  );
  if (!picture) throw new Error('no 1080x1920 demo picture');
  return picture.id;
}
