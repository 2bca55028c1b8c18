import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import type { Webhook } from '../api/open-platform';
import WebhooksPage from './webhooks-page';

resetAfterEach();

const hook: Webhook = {
  id: 'w1',
  apiUserId: 'u1',
  apiUserName: 'North agency',
  events: ['shooting.photo', 'audit.result', 'order.state'],
  url: 'https://north.example/hooks',
  enabled: true,
  previousSecretUntil: null,
  createTime: 1_795_600_800,
};

/** The webhook calls as the server answers them; the switch bodies are kept. */
function hookServer() {
  const switched: unknown[] = [];
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/OpenPlatform/webhooks') return json(200, { success: true, total: 1, datas: [hook] });
    if (url.pathname === '/api/OpenPlatform/webhooks/w1' && init?.method === 'PUT') {
      switched.push(JSON.parse(String(init.body)));
      return json(200, { success: true, data: { ...hook, enabled: false } });
    }
    if (url.pathname === '/api/OpenPlatform/webhooks/w1/rotateSecret' && init?.method === 'POST') {
      return json(200, {
        success: true,
        data: { ...hook, previousSecretUntil: 1_795_687_200, signingSecret: 'whsec_bmV3IHNlY3JldA==' },
      });
    }
    if (url.pathname === '/api/OpenPlatform/apiUsers') return json(200, { success: true, total: 0, datas: [] });
    return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
  };
  return { switched, stub };
}

describe('webhooks page', () => {
  it('lists a subscription with its application and event, and switches it off (en)', {
    timeout: 60_000,
  }, async () => {
    const server = hookServer();
    vi.stubGlobal('fetch', vi.fn(server.stub));
    await renderWithApp(<WebhooksPage />, 'en');
    const row = (await screen.findByText('https://north.example/hooks', {}, { timeout: 15_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('North agency')).toBeTruthy();
    // One endpoint, several events.
    expect(within(row).getByText('Shooting photo')).toBeTruthy();
    expect(within(row).getByText('Audit result')).toBeTruthy();
    expect(within(row).getByText('Order state')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Deliveries' }).getAttribute('href')).toBe(
      '/openPlatform/webhookDelivery?webhookId=w1',
    );
    fireEvent.click(within(row).getByRole('switch', { name: 'Send to https://north.example/hooks' }));
    await waitFor(() => expect(server.switched).toEqual([{ enabled: false }]), { timeout: 15_000 });
  });

  it('names the events in Chinese (zh)', { timeout: 60_000 }, async () => {
    vi.stubGlobal('fetch', vi.fn(hookServer().stub));
    await renderWithApp(<WebhooksPage />, 'zh');
    expect(await screen.findByText('拍摄照片', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('订单状态')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新建订阅/ })).toBeTruthy();
  });

  it('rotates the signing secret: the new one is shown once, with the overlap explained (en)', {
    timeout: 60_000,
  }, async () => {
    vi.stubGlobal('fetch', vi.fn(hookServer().stub));
    await renderWithApp(<WebhooksPage />, 'en');
    const row = (await screen.findByText('https://north.example/hooks', {}, { timeout: 15_000 })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'New secret' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('whsec_bmV3IHNlY3JldA==', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/each delivery carries two signatures/)).toBeTruthy();
  });
});
