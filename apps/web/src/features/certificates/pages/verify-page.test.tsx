import type { CertificateView } from '@robot-ads/contracts/certificates/certificates.schemas';
import { messageFor } from '@robot-ads/contracts/common/errors';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { json, resetAfterEach } from '../../../test/render-with-app';
import VerifyPage from './verify-page';

const CODE = 'S0BZ-VE41-MTFE-XJBB';
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** A certificate as the server answers it (GET /api/certificates/:code). */
function certificate(signatureValid: boolean): CertificateView {
  const payload: CertificateView['payload'] = {
    version: 1,
    code: CODE,
    issuedAt: at('2026-12-01T06:00:00Z'),
    keyId: '3f9a0c1d2e4b5a69',
    kind: 'order',
    plan: { id: '0123456789abcdef01234567', name: '咖啡 Latte Week' },
    order: { orderNo: 'O20261102001759DE', name: 'Winter proof' },
    customer: 'Lucky Coffee',
    period: { begin: at('2026-11-27T16:00:00Z'), end: at('2026-12-01T16:00:00Z'), timeZone: 'Asia/Shanghai' },
    robots: [
      {
        robotId: 'RSZ1001',
        robotName: 'Lobby robot',
        scheduledDays: 4,
        deliveredDays: 4,
        scheduledPlays: 628,
        verified: 626,
        flagged: 3,
        deliveredPercent: 99.68,
      },
    ],
    total: {
      robots: 1,
      scheduledDays: 4,
      deliveredDays: 4,
      scheduledPlays: 628,
      deliveredPercent: 99.68,
      verified: 626,
      flagged: 3,
      verifiedShare: 99.52,
      reasons: { overlap: 3 },
    },
  };
  return {
    code: CODE,
    url: `https://ads.example.com/verify/${CODE}`,
    payload,
    signed: JSON.stringify(payload),
    signature: 'c2lnbmF0dXJl'.repeat(7),
    algorithm: 'Ed25519',
    keyId: payload.keyId,
    publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
    signatureValid,
    currentKey: true,
  };
}

/** The public call as the server answers it: the certificate of CODE, 404 with the catalogue's text otherwise. */
function serve(signatureValid: boolean) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      const lang = new Headers(init?.headers).get('accept-language')?.startsWith('en') ? 'en' : 'zh';
      if (url.pathname === `/api/certificates/${CODE}`)
        return json(200, { success: true, data: certificate(signatureValid) });
      const code = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      return json(404, {
        success: false,
        data: null,
        code: 'CERTIFICATE_NOT_FOUND',
        msg: messageFor('CERTIFICATE_NOT_FOUND', lang, { code }),
      });
    }),
  );
  return calls;
}

async function open(path: string, language: 'zh' | 'en') {
  if (!i18n.isInitialized) await initI18n(language);
  else await i18n.changeLanguage(language);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path="/verify/:code" element={<VerifyPage />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

resetAfterEach();

/** The value shown beside a label of the page's figures (a label of its lists, not a column title). */
const shownValue = (label: string) =>
  [...document.querySelectorAll('.ant-descriptions-item-label')].find((th) => th.textContent === label)
    ?.nextElementSibling?.textContent;

describe('the public verification page of a certificate', () => {
  it('shows in English the signed figures, period, plan, order and robots with "Signature valid"', async () => {
    const calls = serve(true);
    await open(`/verify/${CODE}`, 'en');
    expect((await screen.findByTestId('signature-state', {}, { timeout: 15_000 })).textContent).toBe('Signature valid');
    expect(calls).toEqual([`/api/certificates/${CODE}`]);
    expect(
      screen.getByText(/These are the figures the platform signed for code S0BZ-VE41-MTFE-XJBB on 2026-12-01 14:00:00/),
    ).toBeTruthy();
    const row = (label: string) => screen.getAllByText(label)[0]?.closest('tr') as HTMLElement;
    expect(within(row('Plan')).getByText('咖啡 Latte Week')).toBeTruthy();
    expect(within(row('Order')).getByText('O20261102001759DE Winter proof')).toBeTruthy();
    expect(within(row('Customer')).getByText('Lucky Coffee')).toBeTruthy();
    expect(within(row('Period')).getByText('2026-11-28 – 2026-12-01')).toBeTruthy();
    expect(shownValue('Verified plays')).toBe('626');
    expect(shownValue('Delivered %')).toBe('99.68 %');
    expect(shownValue('Verified share')).toBe('99.52 %');
    // The robots' table: one row per screen with its figures.
    const robot = screen.getByText('RSZ1001').closest('tr') as HTMLElement;
    expect([...robot.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'RSZ1001',
      'Lobby robot',
      '4',
      '4',
      '628',
      '626',
      '3',
      '99.68 %',
    ]);
    expect(document.title).toBe(`Proof-of-play certificate ${CODE} - robot-ads`);
    // The language choice of the login page.
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows in Chinese a certificate whose kept figures no longer match their signature as not valid', async () => {
    serve(false);
    await open(`/verify/${CODE}`, 'zh');
    expect((await screen.findByTestId('signature-state', {}, { timeout: 15_000 })).textContent).toBe('签名无效');
    expect(screen.getByText(`核验码 ${CODE} 所存数据与其签名不符：请勿采信此证书。`)).toBeTruthy();
    expect(shownValue('已核验播放')).toBe('626');
    expect(shownValue('交付率')).toBe('99.68 %');
    expect(screen.getAllByRole('columnheader', { name: '设备 ID' }).length).toBeGreaterThan(0);
    const robot = screen.getByText('RSZ1001').closest('tr') as HTMLElement;
    expect(robot.textContent).toContain('Lobby robot');
    expect(screen.getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe('true');
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`says in ${lang} that an unknown code is not a certificate, with the server's message`, async () => {
      serve(true);
      await open('/verify/ZZZZ-ZZZZ-ZZZZ-ZZZZ', lang);
      expect(
        await screen.findByText(lang === 'zh' ? '未找到证书' : 'Certificate not found', {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.getByText(messageFor('CERTIFICATE_NOT_FOUND', lang, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }))).toBeTruthy();
      expect(screen.queryByTestId('signature-state')).toBeNull();
    });
  }
});
