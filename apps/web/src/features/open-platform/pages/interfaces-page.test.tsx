import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import partner from '../../../../../../packages/sdk/openapi/partner.json';
import zh from '../../../locales/zh/open-platform.json';
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

describe('open interface descriptions', () => {
  it('has a zh description for every call of the partner API (its committed OpenAPI snapshot)', () => {
    const summaries = zh.interfaceSummaries as Record<string, string>;
    const keys = Object.entries(partner.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) expect(summaries[key], key).toMatch(/[\u4e00-\u9fff]/u);
  });
});
