import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { planFixture } from '../../../test/plan-fixture';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { PlanEditor } from './plan-editor';

resetAfterEach();

const now = Math.floor(Date.now() / 1000);
const plan = (externalRef: string | null) =>
  planFixture('Latte Week', {
    id: 'p1',
    externalRef,
    advertisements: [{ id: '5f9c0a7e2b1d4c3a8e6f0b12', name: 'One', kind: 'picture', materials: 1 }],
    cycle: { type: 'none', data: [] },
    begin: now + 3600,
    end: now + 30 * 86_400,
    createtime: now,
    countLimit: null,
    deliveryStatus: 'notDelivered',
    planPullNumber: 0,
    alreadyPullNumber: 0,
    ratio: 0,
  });

/** The bodies the editor sends (PUT /api/Playlists), answering each with the plan. */
function serve() {
  const sent: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/Playlists') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        return json(200, { success: true, data: { ...plan(null), ...body } });
      }
      return json(200, { success: true, total: 0, datas: [], data: [] });
    }),
  );
  return sent;
}

describe("the plan editor: the advertiser's booking reference", { timeout: 90_000 }, () => {
  it.each([
    ['en', 'Booking reference', 'Save'],
    ['zh', '客户订单参考号', '保 存'],
  ] as const)('shows the stored one, sends it trimmed, and null when emptied (%s)', async (language, label, save) => {
    const sent = serve();
    const onClose = vi.fn();
    await renderWithApp(<PlanEditor open plan={plan('PO-2026-0417')} onClose={onClose} />, language);
    const field = (await screen.findByLabelText(label, {}, { timeout: 30_000 })) as HTMLInputElement;
    expect(field.value).toBe('PO-2026-0417');
    fireEvent.change(field, { target: { value: '  BK-88 ' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 30_000 });
    expect(sent[0]).toMatchObject({ id: 'p1', name: 'Latte Week', externalRef: 'BK-88' });
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 30_000 });
    expect(sent[1]?.externalRef).toBeNull();
  });
});

describe('the plan editor: the name', { timeout: 90_000 }, () => {
  it.each([
    ['en', 'Plan name', 'Save', 'Plan names are 2-50 characters'],
    ['zh', '计划名称', '保 存', '计划名称长度为2-50个字符'],
  ] as const)(
    'says the 2-50 rule of the server and sends nothing for one character (%s)',
    async (language, label, save, message) => {
      const sent = serve();
      await renderWithApp(<PlanEditor open plan={plan(null)} onClose={vi.fn()} />, language);
      const field = (await screen.findByLabelText(label, { exact: true }, { timeout: 30_000 })) as HTMLInputElement;
      fireEvent.change(field, { target: { value: 'L' } });
      fireEvent.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByText(message, {}, { timeout: 30_000 })).toBeTruthy();
      expect(sent).toHaveLength(0);
    },
  );
});
