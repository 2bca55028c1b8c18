import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import type { WebhookDelivery } from '../api/open-platform';
import AuditLogPage from './audit-log-page';
import DeliveriesPage from './deliveries-page';

resetAfterEach();

const delivery: WebhookDelivery = {
  id: 'd1',
  webhookId: 'w1',
  eventId: 'e1',
  event: 'plan.pulledRatio',
  url: 'https://partner.example/hooks',
  state: 'failed',
  attempts: 6,
  lastStatus: 500,
  lastError: 'HTTP 500',
  createTime: 1_795_600_800,
  deliveredTime: null,
};

/** The open platform's log calls as the server answers them; the requests are kept. */
function logServer() {
  const calls: URL[] = [];
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/api/OpenPlatform/webhookDeliveries')
      return json(200, { success: true, total: 21, datas: [delivery] });
    if (url.pathname === '/api/OpenPlatform/webhookDeliveries/d1/resend' && init?.method === 'POST')
      return json(200, { success: true, data: { ...delivery, state: 'pending', attempts: 0 } });
    if (url.pathname === '/api/OpenPlatform/auditLog')
      return json(200, {
        success: true,
        total: 1,
        datas: [
          {
            id: 'a1',
            time: 1_795_600_800,
            actorKind: 'partner',
            actor: 'op0123456789abcdef0123',
            action: 'GET /api/Playlists/queryByPage_v3',
            target: '',
            ip: '203.0.113.9',
            status: 200,
          },
        ],
      });
    return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
  };
  return { calls, stub };
}

describe('webhook deliveries page', () => {
  it('shows a failed delivery with its attempts and response code, and resends it (en)', {
    timeout: 60_000,
  }, async () => {
    const server = logServer();
    vi.stubGlobal('fetch', vi.fn(server.stub));
    await renderWithApp(<DeliveriesPage />, 'en');
    const row = (await screen.findByText('https://partner.example/hooks', {}, { timeout: 15_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Plan pull ratio')).toBeTruthy();
    expect(within(row).getByText('500')).toBeTruthy();
    expect(within(row).getByText('HTTP 500')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Sent again', {}, { timeout: 15_000 })).toBeTruthy();
    expect(server.calls.some((u) => u.pathname.endsWith('/d1/resend'))).toBe(true);
    // Paged on the server.
    expect(server.calls[0]?.searchParams.get('start')).toBe('0');
    expect(server.calls[0]?.searchParams.get('limit')).toBe('10');
  });

  it('labels the states in Chinese (zh)', { timeout: 60_000 }, async () => {
    vi.stubGlobal('fetch', vi.fn(logServer().stub));
    await renderWithApp(<DeliveriesPage />, 'zh');
    expect(await screen.findByText('失败', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('计划拉取率')).toBeTruthy();
  });
});

describe('open platform audit log page', () => {
  it('filters by user or client on the server and shows who, what and from where (en)', {
    timeout: 60_000,
  }, async () => {
    const server = logServer();
    vi.stubGlobal('fetch', vi.fn(server.stub));
    await renderWithApp(<AuditLogPage />, 'en');
    expect(await screen.findByText('GET /api/Playlists/queryByPage_v3', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Partner call')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('User or client'), { target: { value: 'root' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.calls.some((u) => u.searchParams.get('actor') === 'root')).toBe(true), {
      timeout: 15_000,
    });
  });
});
