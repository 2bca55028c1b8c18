import type { AdStatTotal } from '@robot-ads/contracts/statistics/statistics.schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { PlanStatistics, type PullFigures } from './plan-statistics';

const PLAN = 'a1b2c3d4e5f6a1b2c3d4e5f6';

function total(plays: number): AdStatTotal {
  return {
    plays,
    watchDuration: plays * 12_400,
    exposure: plays * 2,
    exposureSense: plays,
    viewers: Math.floor(plays / 4),
    standingTime: 3_000,
    scans: Math.floor(plays / 100),
    child: 0,
    youth: plays,
    adult: 0,
    middle: 0,
    senior: 0,
    male: 0,
    female: plays,
  };
}

/** The plan calls as the server answers them; every call outside the totals answers empty. */
function planServer(figures: AdStatTotal) {
  const seen: string[] = [];
  const stub = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    const range = { timeZone: 'Asia/Kolkata', begin: 1_790_000_000, end: 1_792_592_000 };
    const { child, youth, adult, middle, senior, male, female, ...measures } = figures;
    const zero = { ...measures, plays: 0, scans: 0 };
    switch (url.pathname) {
      case '/api/Statis/queryAdPlay_adList_total':
        return json(200, { success: true, data: figures });
      case '/api/Statis/queryAgeDistributionByPlaylistId':
        return json(200, { success: true, data: { child, youth, adult, middle, senior, male, female } });
      case '/api/Advertisements/statisticsDaysByPlaylistId':
        return json(200, { success: true, data: { grain: 'day', ...range, points: [], total: zero } });
      case '/api/Statis/statiQrHourbyplaylistId':
        return json(200, { success: true, data: { grain: 'hour', ...range, points: [], total: 0 } });
      case '/api/Advertisements/statisticsByProvince':
        return json(200, { success: true, data: { ...range, rows: [], total: zero } });
      case '/api/Statis/proofOfPlayByPlaylistId':
        return json(200, {
          success: true,
          data: {
            playlistId: PLAN,
            planName: 'Plan',
            customerName: 'Lucky Coffee',
            ...range,
            rows: [
              {
                robotId: 'RSZ1001',
                robotName: 'Robot 1',
                day: '2026-10-01',
                scheduledMinutes: 180,
                scheduledPlays: 72,
                verified: 99,
                flagged: 1,
                deliveredPercent: 137.5,
                reasons: { overlap: 1 },
              },
            ],
            total: {
              robots: 1,
              scheduledDays: 1,
              deliveredDays: 1,
              scheduledPlays: 72,
              deliveredPercent: 137.5,
              verified: 99,
              flagged: 1,
              verifiedShare: 99,
              reasons: { overlap: 1 },
            },
          },
        });
      case '/api/Statis/queryAdWatch_adList_robot_top':
      case '/api/Statis/queryAdWatch_adList_adRes_top':
        return json(200, { success: true, total: 0, datas: [] });
      default:
        return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
    }
  };
  return { seen, stub };
}

function renderTab(language: 'zh' | 'en', pull: PullFigures) {
  return renderWithApp(<PlanStatistics playlistId={PLAN} timeZone="Asia/Kolkata" pull={pull} />, language);
}

resetAfterEach();

describe('plan statistics tab', () => {
  it('shows the figures per language, watch time in seconds and the low pull-ratio warning', async () => {
    const server = planServer(total(25_000));
    vi.stubGlobal('fetch', vi.fn(server.stub));
    await renderTab('zh', { ratio: 0.5, planPullNumber: 10, alreadyPullNumber: 5 });
    const plays = await screen.findByTestId('kpi-plays', {}, { timeout: 10_000 });
    expect(within(plays).getByText('2.5万')).toBeTruthy();
    // 25,000 plays x 12.4 s = 310,000 s, read as hours and minutes.
    expect(within(screen.getByTestId('kpi-watchTime')).getByText('86小时6分')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-pullRatio')).getByText('50%')).toBeTruthy();
    expect(screen.getByText(/拉取率低于 80%/)).toBeTruthy();
    // Proof of play: the verified share and the flagged plays by reason, with the certificate link.
    const proof = await screen.findByTestId('proof-of-play', {}, { timeout: 10_000 });
    expect(await within(proof).findByText('核验率', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(screen.getByTestId('proof-reasons')).getByText('播放重叠 1')).toBeTruthy();
    const pdf = within(proof).getByText('播放证明书 (PDF)').closest('a');
    expect(pdf?.getAttribute('href')).toContain('format=pdf');
    // The report is asked in the plan's zone, for whole local days.
    const asked = server.seen.find((s) => s.startsWith('/api/Statis/queryAdPlay_adList_total'));
    expect(asked).toContain('timeZone=Asia%2FKolkata');
    expect(asked).toContain(`playlistId=${PLAN}`);
    // The whole tab with its charts renders in jsdom: slow on a machine that runs other suites beside it.
  }, 90_000);

  it('says what to do when the plan has not played, and offers no empty export', async () => {
    vi.stubGlobal('fetch', vi.fn(planServer(total(0)).stub));
    await renderTab('en', { ratio: 1, planPullNumber: 3, alreadyPullNumber: 3 });
    expect(
      await screen.findByText(/Make sure it is approved and published to online robots/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/pull ratio is below 80/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
