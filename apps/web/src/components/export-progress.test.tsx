import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { json, renderWithApp, resetAfterEach } from '../test/render-with-app';
import { EXPORT_STALL_MS, ExportButton } from './export-progress';

resetAfterEach();
afterEach(() => vi.useRealTimers());

const state = (over: Record<string, unknown>) => ({
  key: 'k1',
  state: 'queued',
  progress: 0,
  total: 4,
  done: 0,
  url: null,
  fileName: null,
  ...over,
});

describe('an export ends with its file or a clear error, in its progress dialog', { timeout: 60_000 }, () => {
  it('says it waits for the server, then offers the file', async () => {
    const answers = [
      state({}),
      state({ state: 'running', progress: 50, done: 2 }),
      state({ state: 'done', progress: 100, done: 4, url: '/api/x/file?key=k1', fileName: 'statistics.xlsx' }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, data: answers.shift() ?? answers.at(-1) })),
    );
    await renderWithApp(<ExportButton start={async () => ({ key: 'k1' })} statePath="/api/x/state" />, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Waiting for the server to start the export…')).toBeTruthy();
    expect(await screen.findByText('Open the exported file', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('stops waiting and says so when the export has not moved (zh)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, data: state({}) })),
    );
    await renderWithApp(<ExportButton start={async () => ({ key: 'k1' })} statePath="/api/x/state" />, 'zh');
    fireEvent.click(await screen.findByRole('button', { name: '导 出' }));
    expect(await screen.findByText('等待服务器开始导出…')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXPORT_STALL_MS + 3_000);
    });
    expect(await screen.findByText('导出失败')).toBeTruthy();
    expect(screen.getByText(/导出已 45 秒没有进展/)).toBeTruthy();
  });

  it('a refused start shows the message once and leaves no unhandled rejection', async () => {
    const rejections: unknown[] = [];
    const onRejection = (r: unknown) => rejections.push(r);
    process.on('unhandledRejection', onRejection);
    try {
      await renderWithApp(
        <ExportButton
          start={async () => {
            throw new ApiError('EXPORT_EMPTY', 'Export data is empty and cannot be exported', 422);
          }}
          statePath="/api/x/state"
        />,
        'en',
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
      expect(await screen.findByText('Export data is empty and cannot be exported')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
