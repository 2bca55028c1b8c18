import type { LeadDetailDto, LeadDto } from '@robot-ads/contracts/sales/leads.schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import LeadsPage from '../pages/leads-page';
import { LeadDrawer } from './lead-drawer';
import { LeadFormDialog } from './lead-form-dialog';

/** Issue 38, "Industry 制造业": a lead's industry (a catalogue value) reads in English wherever it is shown. */

const lead: LeadDto = {
  id: 'a'.repeat(24),
  name: 'Harbour Works',
  phone: '13600000001',
  industry: 'manufacturing',
  province: '',
  city: '',
  source: 'other',
  priority: 'ordinary',
  followState: 'notFollowed',
  ownerId: 'u'.repeat(24),
  ownerName: 'Sally Sales',
  nextFollowAt: null,
  customerId: null,
  createtime: 1_790_000_000,
  lastNoteAt: null,
};

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = routes[new URL(String(input), 'http://localhost').pathname];
      return body
        ? json(200, body)
        : json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
    }),
  );
}

resetAfterEach();
const width = window.innerWidth;
afterEach(() => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true }));

describe('industry in English', { timeout: 60_000 }, () => {
  it('the lead drawer shows the industry in words of the language', async () => {
    const detail: LeadDetailDto = { ...lead, notes: [] } as LeadDetailDto;
    serve({ [`/api/Leads/${lead.id}`]: { success: true, data: detail } });
    await renderWithApp(<LeadDrawer id={lead.id} onClose={() => {}} />, 'en');
    const drawer = await screen.findByTestId('lead-drawer', {}, { timeout: 30_000 });
    expect(await within(drawer).findByText('Manufacturing', {}, { timeout: 30_000 })).toBeTruthy();
    expect(drawer.textContent).not.toMatch(/制造业/);
  });

  it('the lead form shows the chosen industry in English', async () => {
    serve({});
    await renderWithApp(<LeadFormDialog lead={lead} onClose={() => {}} />, 'en');
    const form = await screen.findByTestId('lead-form', {}, { timeout: 30_000 });
    expect(await within(form).findByText('Manufacturing', {}, { timeout: 30_000 })).toBeTruthy();
    expect(form.textContent).not.toMatch(/制造业/);
  });

  it('the lead list shows the industry column in English on a wide screen', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1920, configurable: true, writable: true });
    serve({ '/api/Leads/queryByPage': { success: true, total: 1, datas: [lead] } });
    await renderWithApp(<LeadsPage />, 'en');
    const row = (await screen.findByText('Harbour Works', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Manufacturing')).toBeTruthy();
    expect(row.textContent).not.toMatch(/制造业/);
  });
});
