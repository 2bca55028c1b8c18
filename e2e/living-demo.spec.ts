import { expect, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

/*
 * The living demo (playwright.living-demo.config.ts): a fresh `npm start` with the demo data and its
 * robot fleet of 40 (DEMO_FLEET). The robots seeded online beat for the last time at seeding and are
 * offline 38 s later; from then on the robots online are the fleet's: at most 40, and a few fewer while
 * one of them is away (the fleet takes a robot offline for a few minutes now and then).
 */
const FLEET = 40;
const AWAY_AT_MOST = 8;

const TEXT = {
  zh: {
    online: '在线设备',
    playsToday: '今日播放次数',
    state: '状态',
    onlineState: '在线',
    shown: /^显示 (\d+) 台设备$/,
  },
  en: {
    online: 'Online devices',
    playsToday: 'Plays today',
    state: 'Status',
    onlineState: 'Online',
    shown: /^(\d+) devices shown$/,
  },
} as const;

/**
 * What "plays today" must read now. The demo's live plans play between 08:00 and 21:00 in Shanghai, the
 * platform's time zone: 08:00-13:00 and 17:00-21:00 every day, 10:00-20:00 at weekends (reviews/delivery.seed.ts).
 * The fleet plays them faithfully, so before 08:00 nothing has played yet today and the board says 0. From
 * 08:00 on, today holds plays: those seeded for the hours already past, then the fleet's.
 */
function playsTodayNow(): RegExp {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  return hour < 8 ? /^0$/ : /^[1-9][\d,.]*(万|亿|K|M)?$/;
}

function fleetOnline(n: number) {
  expect(n).toBeGreaterThanOrEqual(FLEET - AWAY_AT_MOST);
  expect(n).toBeLessThanOrEqual(FLEET);
}

async function boardOnline(page: Page, label: string): Promise<number> {
  const card = page.locator('.ra-stat-card').filter({ hasText: label });
  const value = card.locator('.ant-statistic-content-value');
  await expect(value).toHaveText(/^\d[\d,]*$/);
  return Number((await value.textContent())?.replaceAll(',', ''));
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test.describe(`living demo (${lang})`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    // Up to a minute for the seeded beats to expire, then the map and the plan list.
    test.setTimeout(180_000);

    test('the demo robots come online, show on the board and the map, and pull the live plan', async ({ page }) => {
      await login(page, 'root', 'operator', lang);

      // The smart board: the fleet online (and only the fleet, once the seeded beats have expired).
      await expect(async () => {
        await page.goto('/wel/smartBoard_2');
        fleetOnline(await boardOnline(page, T.online));
      }).toPass({ timeout: 60_000, intervals: [2000] });

      // Plays today: the fleet plays the live plans in their hours and reports its plays (every 15 s).
      const playsToday = page
        .locator('.ra-stat-card')
        .filter({ hasText: T.playsToday })
        .locator('.ant-statistic-content-value');
      await expect(async () => {
        await page.goto('/wel/smartBoard_2');
        await expect(playsToday).toHaveText(playsTodayNow(), { timeout: 10_000 });
      }).toPass({ timeout: 60_000, intervals: [2000] });

      // The map, filtered to the robots online.
      await page.goto('/wel/onlineAmap');
      const count = page.getByTestId('map-count');
      // The map's chunk is large: give it time on a busy machine.
      await expect(count).toHaveText(T.shown, { timeout: 30_000 });
      await page.getByLabel(T.state).fill(T.onlineState);
      await page.keyboard.press('Enter');
      await expect(async () => {
        const n = Number((await count.textContent())?.match(T.shown)?.[1]);
        fleetOnline(n);
      }).toPass({ timeout: 30_000 });

      // "Latte Week" was seeded pulled by 5 of its 6 devices; the sixth is in the fleet and pulls it.
      const row = page.getByRole('row').filter({ hasText: 'Latte Week' });
      await expect(async () => {
        await page.goto('/ad/List');
        await expect(row).toContainText('6/6', { timeout: 10_000 });
      }).toPass({ timeout: 60_000 });
    });
  });
}
