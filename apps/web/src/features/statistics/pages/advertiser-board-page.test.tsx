import type { RisingReport } from '@robot-ads/contracts/statistics/statistics.schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import AdvertiserBoardPage from './advertiser-board-page';

const figure = (value: number, previous: number) => ({
  value,
  previous,
  change: previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10,
});
const zero = { plays: 0, watchDuration: 0, exposure: 0, exposureSense: 0, viewers: 0, standingTime: 0, scans: 0 };

function rising(plays: number, previous: number): RisingReport {
  return {
    timeZone: 'Asia/Shanghai',
    begin: 1_790_000_000,
    end: 1_792_592_000,
    previousBegin: 1_787_408_000,
    previousEnd: 1_790_000_000,
    measure: 'plays',
    figures: {
      plays: figure(plays, previous),
      watchDuration: figure(plays * 15_000, previous * 15_000),
      exposure: figure(plays * 3, previous * 3),
      exposureSense: figure(plays, previous),
      viewers: figure(Math.round(plays / 2), Math.round(previous / 2)),
      scans: figure(0, 0),
    },
    points: [],
  };
}

/** The statistics calls of the board as the server answers them, for one customer's figures. */
function boardServer(report: RisingReport | 'fail') {
  const calls: string[] = [];
  const stub = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname);
    const range = { timeZone: 'Asia/Shanghai', begin: 1_790_000_000, end: 1_792_592_000 };
    switch (url.pathname) {
      case '/api/Advertisements/statisticsByClientIdExRising':
        return report === 'fail'
          ? json(404, { success: false, data: null, code: 'CUSTOMER_NOT_FOUND', msg: '客户不存在' })
          : json(200, { success: true, data: report });
      case '/api/Advertisements/statisticsDaysByClientId':
        return json(200, { success: true, data: { grain: 'day', ...range, points: [], total: zero } });
      case '/api/Advertisements/statisticsProvinceByClientId':
      case '/api/Advertisements/statisticsProCityByClientId':
        return json(200, { success: true, data: { ...range, rows: [], total: zero } });
      case '/api/Playlists/queryByPage_v3':
        return json(200, { success: true, total: 0, datas: [] });
      default:
        return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
    }
  };
  return { calls, stub };
}

function renderBoard(language: 'zh' | 'en') {
  sessionStore.set((s) => ({ ...s, user: { ...s.user, role: 'advertisers' } as never }));
  return renderWithApp(<AdvertiserBoardPage />, language);
}

resetAfterEach();

describe('advertiser board', () => {
  it('shows the figures in 万 with their rise against the previous period (zh)', async () => {
    vi.stubGlobal('fetch', vi.fn(boardServer(rising(12_000, 8_000)).stub));
    await renderBoard('zh');
    const plays = await screen.findByTestId('kpi-plays', {}, { timeout: 10_000 });
    expect(within(plays).getByText('1.2万')).toBeTruthy();
    expect(within(plays).getByText('上升 50%')).toBeTruthy();
    expect(within(plays).getByText('上期 8,000')).toBeTruthy();
    // Watch time arrives in ms and is shown in hours and minutes: 12,000 plays x 15 s = 50 h, before 33 h 20 min.
    const watch = screen.getByTestId('kpi-watchTime');
    expect(within(watch).getByText('50小时')).toBeTruthy();
    expect(within(watch).getByText('上期 33小时20分')).toBeTruthy();
    expect(watch.textContent).not.toMatch(/万|Ms|Ks/);
  });

  it('says falling and the previous figure in English', async () => {
    vi.stubGlobal('fetch', vi.fn(boardServer(rising(600, 800)).stub));
    await renderBoard('en');
    const plays = await screen.findByTestId('kpi-plays', {}, { timeout: 10_000 });
    expect(within(plays).getByText('600')).toBeTruthy();
    expect(within(plays).getByText('Down 25 %')).toBeTruthy();
  });

  it('tells an advertiser without plays what to do', async () => {
    vi.stubGlobal('fetch', vi.fn(boardServer(rising(0, 0)).stub));
    await renderBoard('en');
    expect(await screen.findByText(/Create a plan under Ad plans and apply for delivery/)).toBeTruthy();
    expect(screen.getByText('Go to ad plans')).toBeTruthy();
  });

  it('shows the server message and a retry when the figures cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(boardServer('fail').stub));
    await renderBoard('zh');
    expect(await screen.findByText('客户不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重试/ })).toBeTruthy();
  });
});
