import { expect, test } from '@playwright/test';

test('the server is healthy and serves the web app on deep links', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect((await health.json()).data.version).toBe('1.52.0');
  await page.goto('/ad/List');
  await expect(page).toHaveTitle(/robot-ads/);
});

test('the API documentation lists the routes', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('/api/health').first()).toBeVisible();
});
