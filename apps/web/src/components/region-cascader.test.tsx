import type { RegionRow } from '@robot-ads/contracts/statistics/statistics.schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Customer } from '../features/accounts/api/customers';
import { CustomerFormDialog } from '../features/accounts/components/customer-form-dialog';
import { i18n } from '../lib/i18n';
import { json, renderWithApp, resetAfterEach } from '../test/render-with-app';
import { ProvinceSelect } from './region-cascader';
import { RegionTable } from './statistics/region-table';

resetAfterEach();

const customer: Customer = {
  id: 'c'.repeat(24),
  name: 'Lucky Coffee',
  category: 'advertisers',
  auditStatus: 'pass',
  auditNote: '',
  phone: '13800000001',
  industry: '',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  contacts: [],
  accounts: [],
  ownerId: null,
  createtime: 1_790_000_000,
};

/** Opens the cascader and clicks through the options with these labels. */
async function choose(labels: string[]) {
  const box = document.querySelector('.ant-cascader .ant-select-selector, .ant-cascader') as HTMLElement;
  fireEvent.mouseDown(box);
  for (const label of labels) {
    const item = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')].find(
        (li) => li.getAttribute('title') === label || li.textContent === label,
      );
      if (!found) throw new Error(`no option ${label}`);
      return found;
    });
    fireEvent.click(item);
  }
}

describe('region cascader', { timeout: 90_000 }, () => {
  it('chooses province, city and district from the list in English and saves the stored Chinese names', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
        return json(200, { success: true, code: 'OK', msg: '', data: { ...customer, name: 'Moon Bakery' } });
      }),
    );
    await renderWithApp(<CustomerFormDialog open customer={null} onClose={() => {}} />, 'en');
    await i18n.loadNamespaces('accounts');
    fireEvent.change(await screen.findByLabelText('Customer name', {}, { timeout: 30_000 }), {
      target: { value: 'Moon Bakery' },
    });
    // No free text: the region is a choice, with a "choose" placeholder.
    expect(screen.getByText('Choose the province / city / district')).toBeTruthy();
    await choose(['Guangdong', 'Shenzhen', 'Nanshan District']);
    await waitFor(() => expect(screen.getByText('Guangdong, Shenzhen, Nanshan District')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Moon Bakery', province: '广东省', city: '深圳市', district: '南山区' });
  });

  it('shows a stored customer region in English, not in Chinese', async () => {
    await renderWithApp(<CustomerFormDialog open customer={customer} onClose={() => {}} />, 'en');
    expect(await screen.findByText('Guangdong, Shenzhen, Nanshan District', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByText(/广东省/)).toBeNull();
  });

  it('names provinces and cities of the statistics table in the page language', async () => {
    const zero = { watchDuration: 0, exposureSense: 0, viewers: 0, standingTime: 0 };
    const rows: RegionRow[] = [
      { province: '广东省', city: '深圳市', plays: 120, exposure: 300, scans: 4, robots: 3, ...zero },
      { province: '北京市', city: '北京市', plays: 80, exposure: 200, scans: 1, robots: 2, ...zero },
    ];
    await renderWithApp(<RegionTable rows={rows} cities loading={false} />, 'en');
    expect(await screen.findByText('Guangdong', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('Shenzhen')).toBeTruthy();
    expect(screen.getAllByText('Beijing')).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/[广深北]/u);
  });

  it('chooses a province by its English name and keeps the stored Chinese name', async () => {
    const chosen: string[] = [];
    await renderWithApp(<ProvinceSelect aria-label="Province" onChange={(v) => chosen.push(v)} />, 'en');
    const box = await screen.findByLabelText('Province', {}, { timeout: 30_000 });
    await userEvent.type(box, 'Fujian');
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="Fujian"]');
      if (!found) throw new Error('no Fujian option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(chosen).toEqual(['福建省']));
  });
});
