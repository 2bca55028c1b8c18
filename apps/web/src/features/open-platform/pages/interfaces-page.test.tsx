import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import InterfacesPage from './interfaces-page';

resetAfterEach();

const devices = {
  key: 'GET /api/Devices/queryRobotInfo',
  method: 'GET',
  path: '/api/Devices/queryRobotInfo',
  summary: 'Devices, paged and filtered (incl. distance)',
  enabled: true,
};

describe('the open interfaces page', { timeout: 60_000 }, () => {
  it.each([
    ['zh', '设备列表，分页并可筛选（含距离）'],
    ['en', 'Devices, paged and filtered (incl. distance)'],
  ] as const)('describes each call in the page language (%s)', async (language, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, data: [devices] })),
    );
    await renderWithApp(<InterfacesPage />, language);
    expect(await screen.findByText(text, {}, { timeout: 30_000 })).toBeTruthy();
  });
});
