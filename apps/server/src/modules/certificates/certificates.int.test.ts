import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import path from 'node:path';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { bookOrder } from '../../../test/orders';
import { renderPdfPages } from '../../../test/pdf-ink';
import { at } from '../../../test/play-events';
import { proofWorld } from '../../../test/proof-world';
import { ManualClock } from '../../platform/clock';
import { SystemSettingsRepository } from '../system/system.repository';
import { CertificateKeys } from './certificate-keys';

/**
 * Certificates anyone can verify (docs/certificates.md): a plan playing 09:00-12:00 Shanghai, pulled by two
 * robots; robot A reports three plays and an overlapping one on 11-29. The server signs with the key given
 * in CERTIFICATE_SIGNING_KEY and prints addresses under PUBLIC_URL.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
const signing = generateKeyPairSync('ed25519');
const PUBLIC_URL = 'https://ads.example.com';
let t: TestApp;
let planId: string;
let robotA: { id: string; robotId: string };
let robotB: { id: string; robotId: string };
const RANGE = `begin=${at('2026-11-27T16:00:00Z')}&end=${at('2026-12-01T16:00:00Z')}`;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: {
      CERTIFICATE_SIGNING_KEY: signing.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      PUBLIC_URL,
    },
  });
  ({ planId, robotA, robotB } = await proofWorld(t, clock, 'Certificate'));
});
afterAll(() => t?.close());

/** A call without login, in the language given. */
const anonymous = (url: string, lang: 'zh' | 'en' = 'en', payload?: unknown) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    payload: payload as never,
    headers: { 'accept-language': lang },
  });

/** Downloads the plan's PDF certificate as root: its code (header) and the bytes. */
async function issuePlanCertificate(lang: 'zh' | 'en' = 'en') {
  const op = await loginAs(t, 'super', { principals: 'root' });
  const res = await t.app.inject({
    url: `/api/Statis/proofOfPlayExport?playlistId=${planId}&${RANGE}&format=pdf&language=${lang}`,
    headers: bearer(op.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = String(res.headers['x-certificate-code']);
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  return { code, pdf: res.rawPayload, token: op.token };
}

describe('a proof-of-play certificate anyone can verify', () => {
  it('is kept under its code with the figures, period, plan and robots of the report, and its signature verifies with node:crypto under the published key', async () => {
    const { code, token } = await issuePlanCertificate();
    const report = (
      await t.app.inject({
        url: `/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${RANGE}`,
        headers: bearer(token),
      })
    ).json().data;

    // No login: the public answer by code.
    const res = await anonymous(`/api/certificates/${code}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.code).toBe(code);
    expect(view.url).toBe(`${PUBLIC_URL}/verify/${code}`);
    expect(view.signatureValid).toBe(true);
    expect(view.currentKey).toBe(true);
    expect(view.payload).toMatchObject({
      version: 1,
      code,
      kind: 'plan',
      plan: { id: planId, name: '咖啡 Certificate plan' },
      order: null,
      customer: report.customerName,
      period: { begin: report.begin, end: report.end, timeZone: 'Asia/Shanghai' },
      issuedAt: at('2026-12-01T06:00:00Z'),
    });
    expect(view.payload.total).toEqual(report.total);
    // Per robot: the report's rows summed.
    const rowsOf = (robotId: string) => report.rows.filter((r: { robotId: string }) => r.robotId === robotId);
    for (const robot of [robotA, robotB]) {
      const rows = rowsOf(robot.robotId);
      const sum = (k: string) => rows.reduce((n: number, r: Record<string, number>) => n + (r[k] ?? 0), 0);
      expect(view.payload.robots).toContainEqual(
        expect.objectContaining({
          robotId: robot.robotId,
          scheduledPlays: sum('scheduledPlays'),
          verified: sum('verified'),
          flagged: sum('flagged'),
          scheduledDays: rows.filter((r: { scheduledMinutes: number }) => r.scheduledMinutes > 0).length,
        }),
      );
    }
    expect(view.payload.robots.find((r: { robotId: string }) => r.robotId === robotA.robotId).verified).toBe(3);

    // The published key is the configured one; the signed message is the payload's canonical JSON.
    const keys = (await anonymous('/api/certificates/public-key')).json().data;
    const published = createPublicKey(keys.current.publicKey);
    expect(published.export({ format: 'der', type: 'spki' })).toEqual(
      createPublicKey(signing.privateKey).export({ format: 'der', type: 'spki' }),
    );
    expect(keys.current.keyId).toBe(view.keyId);
    expect(view.payload.keyId).toBe(view.keyId);
    expect(JSON.parse(view.signed)).toEqual(view.payload);
    expect(view.signed).toBe(independentCanonical(view.payload));
    const sig = Buffer.from(view.signature, 'base64');
    expect(verify(null, Buffer.from(view.signed), published, sig)).toBe(true);

    // The code as a person types it: lower case, without hyphens.
    const typed = await anonymous(`/api/certificates/${code.replace(/-/g, '').toLowerCase()}`);
    expect(typed.json().data.code).toBe(code);
  });

  it('checks a pasted payload and signature: the unchanged one holds, one changed figure is refused, and so is a payload re-signed with another key', async () => {
    const { code } = await issuePlanCertificate();
    const view = (await anonymous(`/api/certificates/${code}`)).json().data;
    const ok = await anonymous('/api/certificates/verify', 'en', { payload: view.payload, signature: view.signature });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({
      valid: true,
      code,
      keyId: view.keyId,
      issuedAt: view.payload.issuedAt,
      onRecord: true,
    });

    // One figure changed (one more verified play), the signature kept: refused, in the caller's language.
    const changed = structuredClone(view.payload);
    changed.total.verified += 1;
    for (const lang of ['en', 'zh'] as const) {
      const res = await anonymous('/api/certificates/verify', lang, { payload: changed, signature: view.signature });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'CERTIFICATE_SIGNATURE_INVALID',
        msg: messageFor('CERTIFICATE_SIGNATURE_INVALID', lang),
        field: 'signature',
      });
    }
    // A robot's figure changed: refused too.
    const robotChanged = structuredClone(view.payload);
    robotChanged.robots[0].deliveredPercent = 100;
    expect(
      (await anonymous('/api/certificates/verify', 'en', { payload: robotChanged, signature: view.signature })).json()
        .code,
    ).toBe('CERTIFICATE_SIGNATURE_INVALID');

    // Re-signed by someone else's key under the platform's key id: the signature does not hold.
    const forger = generateKeyPairSync('ed25519');
    const forged = sign(null, Buffer.from(independentCanonical(changed)), forger.privateKey).toString('base64');
    const res = await anonymous('/api/certificates/verify', 'en', { payload: changed, signature: forged });
    expect(res.json().code).toBe('CERTIFICATE_SIGNATURE_INVALID');
    // ... and under a key id of its own: the platform never signed with that key.
    const ownId = { ...changed, keyId: 'f00dfeedf00dfeed' };
    const own = sign(null, Buffer.from(independentCanonical(ownId)), forger.privateKey).toString('base64');
    const unknown = await anonymous('/api/certificates/verify', 'zh', { payload: ownId, signature: own });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'CERTIFICATE_KEY_UNKNOWN',
      msg: messageFor('CERTIFICATE_KEY_UNKNOWN', 'zh', { keyId: 'f00dfeedf00dfeed' }),
    });
  });

  it('shows a certificate whose kept figures were changed in the database as not valid', async () => {
    const { code } = await issuePlanCertificate();
    await t.app.ctx.db.execute(
      sql`update proof_certificates set payload = replace(payload, '"verified":3', '"verified":30') where code = ${code}`,
    );
    const view = (await anonymous(`/api/certificates/${code}`)).json().data;
    expect(view.payload.total.verified).toBe(30);
    expect(view.signatureValid).toBe(false);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`prints the code, the address and a QR code on the PDF (${lang}), rendered with ink where the QR code is`, {
      timeout: 90_000,
    }, async () => {
      const { code, pdf } = await issuePlanCertificate(lang);
      const r = await renderPdfPages(pdf, process.env.PDF_KEEP);
      try {
        const file = path.join(r.dir, 'doc.pdf');
        const plain = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
        expect(plain).toContain(code);
        expect(plain).toContain(`${PUBLIC_URL}/verify/${code}`);
        expect(plain).toContain(lang === 'zh' ? '核验码' : 'Verification code');
        expect(await r.inkAt(code)).toBeGreaterThan(0.05);
        // The QR code stands left of the code's line: 96 pt square from the left margin (48 pt), its top one
        // line above the code. Inside it about half the modules are dark; the margin beside it is blank.
        const bbox = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).toString('utf8');
        const word = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].find((m) =>
          m[3]?.includes(code),
        );
        expect(word, 'the code as a word of the PDF').toBeDefined();
        const codeTop = Number(word?.[2]);
        const page = r.pages[0] as string;
        const ink = async (left: number, top: number, width: number, height: number) => {
          const s = 100 / 72;
          const { data } = await sharp(page)
            .greyscale()
            .extract({
              left: Math.round(left * s),
              top: Math.round(top * s),
              width: Math.round(width * s),
              height: Math.round(height * s),
            })
            .raw()
            .toBuffer({ resolveWithObject: true });
          return data.filter((v) => v < 128).length / data.length;
        };
        expect(await ink(56, codeTop - 8, 80, 70)).toBeGreaterThan(0.25);
        expect(await ink(8, codeTop - 8, 32, 70)).toBe(0);
      } finally {
        r.cleanup();
      }
    });
  }

  it('answers an unknown code with 404 and a clear message in zh and en', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await anonymous('/api/certificates/ZZZZ-ZZZZ-ZZZZ-ZZZZ', lang);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'CERTIFICATE_NOT_FOUND',
        msg: messageFor('CERTIFICATE_NOT_FOUND', lang, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }),
      });
    }
    expect((await anonymous('/api/certificates/not-a-code')).json().code).toBe('CERTIFICATE_NOT_FOUND');
  });

  it("issues an order's certificate with the order's number", async () => {
    const op = await loginAs(t, 'super', { principals: 'root' });
    const order = await bookOrder(t, op.token, {
      name: 'Certified order',
      playlistId: planId,
      robotIds: [robotA.robotId],
      weeks: 1,
      begin: at('2026-11-28T16:00:00Z'),
    });
    const res = await t.app.inject({
      url: `/api/Orders/proofOfPlayExport?id=${order.id}&format=pdf&language=zh`,
      headers: bearer(op.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await anonymous(`/api/certificates/${res.headers['x-certificate-code']}`)).json().data;
    expect(view.payload).toMatchObject({
      kind: 'order',
      order: { orderNo: order.orderNo, name: 'Certified order' },
      plan: { id: planId },
    });
    expect(view.payload.robots.map((r: { robotId: string }) => r.robotId)).toEqual([robotA.robotId]);
    expect(view.signatureValid).toBe(true);
    // An xlsx is no certificate: nothing is issued.
    const xlsx = await t.app.inject({
      url: `/api/Orders/proofOfPlayExport?id=${order.id}&format=xlsx`,
      headers: bearer(op.token),
    });
    expect(xlsx.headers['x-certificate-code']).toBeUndefined();
  });

  it('without CERTIFICATE_SIGNING_KEY generates a key once and keeps it: every instance on the database signs with it', async () => {
    const settings = new SystemSettingsRepository(t.database.db);
    const first = await new CertificateKeys(settings, undefined).current();
    const second = await new CertificateKeys(settings, undefined).current();
    expect(second.keyId).toBe(first.keyId);
    expect(second.publicPem).toBe(first.publicPem);
    expect(first.privateKey.asymmetricKeyType).toBe('ed25519');
    expect(typeof (await settings.get('certificates.signingKey'))).toBe('string');
    // The configured key wins over the kept one.
    const configured = await new CertificateKeys(
      settings,
      signing.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    ).current();
    expect(configured.keyId).not.toBe(first.keyId);
  });
});

/** Canonical JSON written again here (sorted keys, no spaces), so the test does not trust the server's own. */
function independentCanonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(independentCanonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${independentCanonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
