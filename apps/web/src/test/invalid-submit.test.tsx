import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdEditor } from '../features/ads/components/ad-editor';
import { PlanEditor } from '../features/playlists/components/plan-editor';
import { OrderFormDialog } from '../features/sales/components/order-form-dialog';
import { ApiError } from '../lib/api-client';
import { json, renderWithApp, resetAfterEach } from './render-with-app';

resetAfterEach();

/**
 * Issue 38: a Save of an empty form on /ad/AD (the ad editor), /ad/List (the plan editor) and /orderList/index
 * (the new order form) shows what is missing under the fields, sends nothing and leaves no unhandled
 * rejection behind (root's error log had "unhandledrejection [object Object]" from each).
 */
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeEach(() => {
  rejections.length = 0;
  process.on('unhandledRejection', onRejection);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
});

function emptyServer() {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method && init.method !== 'GET'
      ? json(400, { success: false, code: 'UNKNOWN', msg: 'should not be sent' })
      : json(200, { success: true, total: 0, datas: [] }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const dialogs: [string, string, () => ReactNode][] = [
  ['/ad/AD', 'Save', () => <AdEditor ad={null} open onClose={() => {}} />],
  ['/ad/List', 'Save', () => <PlanEditor plan={null} open onClose={() => {}} />],
  ['/orderList/index', 'Save', () => <OrderFormDialog open onClose={() => {}} />],
];

describe('an invalid Save on the three forms', { timeout: 90_000 }, () => {
  it.each(dialogs)(
    '%s: the fields say what is missing, nothing is sent, no unhandled rejection',
    async (_p, ok, ui) => {
      const fetch = emptyServer();
      await renderWithApp(ui(), 'en');
      const save = await screen.findByRole('button', { name: ok }, { timeout: 30_000 });
      fireEvent.click(save);
      await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0), {
        timeout: 20_000,
      });
      // A second click while the form is still wrong: still nothing thrown.
      fireEvent.click(save);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toEqual([]);
      expect(rejections.map((r) => (r instanceof ApiError ? r.code : String(r)))).toEqual([]);
      const texts = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');
      expect(texts.join(' ')).not.toMatch(/\[object|[\u4e00-\u9fff]/);
    },
  );
});
