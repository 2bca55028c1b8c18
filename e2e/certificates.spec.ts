import { expect, test } from '@playwright/test';
import { call, tokenOf } from './api-helpers';
import { axeFindings, describeAxeFinding } from './page-check-axe';
import { startIn } from './page-check-context';

/**
 * A certificate anyone can verify (issue 35, docs/certificates.md): root downloads a plan's PDF certificate;
 * someone without a login opens its code's page in zh, then switches to en, and sees the signed figures with
 * "signature valid"; an unknown code says so. The page passes axe (no critical or serious violation).
 */
test('the verification page of a certificate shows its signed figures to anyone, in zh and en', async ({
  browser,
  request,
}) => {
  // Three page loads and two axe runs on a machine shared with other work.
  test.setTimeout(240_000);
  const root = await tokenOf(request, 'root');
  // A plan of the demo with verified plays in the report's default period (the last 30 days).
  const plans = await call<unknown>(request, root, 'GET', '/api/Playlists/queryByPage_v3?start=0&limit=30');
  let plan: { id: string; name: string } | undefined;
  for (const p of plans.datas as Array<{ id: string; name: string }>) {
    const report = await call<{ total: { verified: number } }>(
      request,
      root,
      'GET',
      `/api/Statis/proofOfPlayByPlaylistId?playlistId=${p.id}`,
    );
    if (report.data.total.verified > 0) {
      plan = p;
      break;
    }
  }
  if (!plan) throw new Error('no plan of the demo data has verified plays');
  const pdf = await request.get(`/api/Statis/proofOfPlayExport?playlistId=${plan.id}&format=pdf&language=en`, {
    headers: { authorization: `Bearer ${root}` },
  });
  expect(pdf.ok()).toBe(true);
  const code = pdf.headers()['x-certificate-code'] ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const signed = (
    await call<{ payload: { total: { verified: number } } }>(request, root, 'GET', `/api/certificates/${code}`)
  ).data.payload;

  const context = await browser.newContext();
  await startIn(context, 'zh');
  const page = await context.newPage();
  await page.goto(`/verify/${code}`);
  await expect(page.getByTestId('signature-state')).toHaveText('签名有效', { timeout: 60_000 });
  await expect(page.getByText(plan.name).first()).toBeVisible();
  await expect(page.getByText(code).first()).toBeVisible();
  const verified = page
    .locator('.ant-descriptions-item-label', { hasText: '已核验播放' })
    .locator('xpath=following-sibling::td[1]');
  await expect(verified).toHaveText(String(signed.total.verified));
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect((await axeFindings(page)).map(describeAxeFinding)).toEqual([]);
  await page.screenshot({ path: '.tmp/certificates/verify-zh.png', fullPage: true });

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('signature-state')).toHaveText('Signature valid', { timeout: 60_000 });
  await expect(page.locator('.ant-descriptions-item-label', { hasText: 'Verified plays' })).toBeVisible();
  expect((await axeFindings(page)).map(describeAxeFinding)).toEqual([]);

  await page.goto('/verify/ZZZZ-ZZZZ-ZZZZ-ZZZZ');
  await expect(page.getByText('Certificate not found')).toBeVisible({ timeout: 60_000 });
  await context.close();
});
