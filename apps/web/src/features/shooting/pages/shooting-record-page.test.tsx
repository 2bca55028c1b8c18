import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import type { ShootRecordDto } from '../api/records';
import ShootingRecordPage from './shooting-record-page';

resetAfterEach();

const base: ShootRecordDto = {
  id: 'r1',
  taskId: 't1',
  requirementId: 'q1',
  requirementName: 'Mall check',
  planId: 'p1',
  planName: 'Coffee plan',
  robotId: 'RB-0001',
  robotName: 'Lobby robot',
  place: 'Guangdong Shenzhen',
  takenAt: 1_795_600_800,
  adId: 'a1',
  adName: 'Lucky coffee',
  contentType: 'image/jpeg',
  size: 40_000,
  width: 720,
  height: 1280,
  url: '/files/photo-1.jpg',
  uploadedAt: 1_795_600_810,
  matchDistance: 0,
  needsReview: false,
};
const flagged: ShootRecordDto = {
  ...base,
  id: 'r2',
  robotName: 'Hall robot',
  url: '/files/photo-2.jpg',
  matchDistance: 37,
  needsReview: true,
};

function recordsServer() {
  return async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/ShootingRecords/queryByPage')
      return json(200, { success: true, total: 2, datas: [base, flagged] });
    return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
  };
}

describe('shooting records', () => {
  it('shows each photo as a thumbnail and flags the one that does not show the ad (en)', {
    timeout: 60_000,
  }, async () => {
    vi.stubGlobal('fetch', vi.fn(recordsServer()));
    await renderWithApp(<ShootingRecordPage />, 'en');
    const cards = await screen.findAllByTestId('shoot-record', {}, { timeout: 15_000 });
    expect(cards).toHaveLength(2);
    const [ok, review] = cards as [HTMLElement, HTMLElement];
    expect(
      within(ok)
        .getByAltText(/Lobby robot/)
        .getAttribute('src'),
    ).toBe('/files/photo-1.jpg');
    expect(within(ok).getByTestId('record-check').textContent).toBe('Shows the ad (0)');
    expect(within(review).getByTestId('record-check').textContent).toBe('Needs review: does not show the ad (37)');
  });

  it('says it in Chinese (zh)', { timeout: 60_000 }, async () => {
    vi.stubGlobal('fetch', vi.fn(recordsServer()));
    await renderWithApp(<ShootingRecordPage />, 'zh');
    expect(await screen.findByText('待复核：与广告不符（37）', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it("shows when each photo was taken in the reader's zone, stated, the same in zh and en", {
    timeout: 60_000,
  }, async () => {
    // 1_795_600_800 is 2026-11-25 10:00:00 UTC: 18:00 in Shanghai.
    vi.stubEnv('TZ', 'Asia/Shanghai');
    try {
      for (const [language, label] of [
        ['en', 'Taken at (Asia/Shanghai, UTC+8)'],
        ['zh', '拍摄时间 (Asia/Shanghai, UTC+8)'],
      ] as const) {
        vi.stubGlobal('fetch', vi.fn(recordsServer()));
        const view = await renderWithApp(<ShootingRecordPage />, language);
        const cards = await screen.findAllByTestId('shoot-record', {}, { timeout: 15_000 });
        const first = cards[0] as HTMLElement;
        expect(within(first).getByTestId('record-time').textContent).toBe('2026-11-25 18:00:00');
        expect(within(first).getByText(label)).toBeTruthy();
        view.unmount();
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
