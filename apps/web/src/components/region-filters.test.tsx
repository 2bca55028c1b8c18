import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeviceFilters, type Filters } from '../features/devices/components/device-filters';
import PublishInfoPage from '../features/playlists/pages/publish-info-page';
import FiltrateDevicePage from '../features/shooting/pages/filtrate-device-page';
import { json, renderWithApp, resetAfterEach } from '../test/render-with-app';

resetAfterEach();

const PLAN = 'aaaaaaaaaaaa111111111111';
const robot = {
  robotId: 'RB-0001',
  name: 'Lobby robot',
  type: 'welcome',
  online: true,
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  address: null,
  sceneName: null,
  propertyname: null,
  publishState: 'pulled',
};
const record = {
  id: 'r1',
  playlistId: PLAN,
  playlistName: 'Spring menu',
  clientName: 'Lucky Coffee',
  robotId: 'RB-0001',
  name: 'Lobby robot',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  propertyname: null,
  state: 'pulled',
  failMsg: null,
  cancelReason: null,
  pubTime: 1_790_000_000,
  pullTime: 1_790_000_100,
};

/** A server that records each list request's query and answers with one row. */
function server(queries: URLSearchParams[]) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (
      url.pathname === '/api/ShootingRequirements/filtrateDevice' ||
      url.pathname === '/api/Publishes/queryBycondition'
    ) {
      queries.push(url.searchParams);
      return json(200, { success: true, total: 1, datas: [url.pathname.includes('Publishes') ? record : robot] });
    }
    return json(200, { success: true, data: [] });
  });
}

/** Opens the cascader labelled `label` and clicks through the options with these labels. */
async function choose(label: string, options: string[]) {
  const input = await screen.findByLabelText(label, {}, { timeout: 30_000 });
  fireEvent.mouseDown(input.closest('.ant-cascader') ?? input);
  for (const option of options) {
    const item = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')].find(
        (li) => li.getAttribute('title') === option || li.textContent === option,
      );
      if (!found) throw new Error(`no option ${option}`);
      return found;
    });
    fireEvent.click(item);
  }
}

const last = (queries: URLSearchParams[]) => queries[queries.length - 1] as URLSearchParams;

describe('region filters choose from the region list and send the stored names', { timeout: 120_000 }, () => {
  it.each([
    ['en', 'Plan ID', 'Region', ['Guangdong', 'Shenzhen', 'Nanshan District'], 'Guangdong, Shenzhen, Nanshan District'],
    ['zh', '计划ID', '地区', ['广东省', '深圳市', '南山区'], '广东省 深圳市 南山区'],
  ] as const)(
    'filters the shooting device list by province, city and district (%s)',
    async (language, planLabel, regionLabel, path, shown) => {
      const queries: URLSearchParams[] = [];
      vi.stubGlobal('fetch', server(queries));
      await renderWithApp(<FiltrateDevicePage />, language);
      fireEvent.change(await screen.findByLabelText(planLabel, {}, { timeout: 30_000 }), { target: { value: PLAN } });
      await choose(regionLabel, [...path]);
      // The choice shows in the page language, never as typed text.
      await waitFor(() =>
        expect(document.querySelector('.ant-cascader')?.textContent).toContain(
          path.join(language === 'en' ? ', ' : ' / '),
        ),
      );
      fireEvent.submit(document.querySelector('form') as HTMLFormElement);
      await waitFor(() => expect(queries.length).toBeGreaterThan(0));
      const q = last(queries);
      expect(q.get('planId')).toBe(PLAN);
      expect([q.get('province'), q.get('city'), q.get('district')]).toEqual(['广东省', '深圳市', '南山区']);
      // The row's place in the page language.
      await waitFor(() => expect(document.querySelector('.ant-table-tbody')?.textContent).toContain(shown));
      if (language === 'en') expect(document.querySelector('.ant-table-tbody')?.textContent).not.toMatch(/[广深南]/u);
    },
  );

  it.each([
    ['en', 'Region', ['Guangdong', 'Shenzhen'], 'Guangdong, Shenzhen, Nanshan District'],
    ['zh', '地区', ['广东省', '深圳市'], '广东省 深圳市 南山区'],
  ] as const)('filters delivery info by province and city (%s)', async (language, regionLabel, path, shown) => {
    const queries: URLSearchParams[] = [];
    vi.stubGlobal('fetch', server(queries));
    await renderWithApp(<PublishInfoPage />, language);
    await choose(regionLabel, [...path]);
    await waitFor(() => expect(last(queries).get('city')).toBe('深圳市'));
    expect(last(queries).get('province')).toBe('广东省');
    await waitFor(() => expect(document.querySelector('.ant-table-tbody')?.textContent).toContain(shown));
    // The free-text province and city boxes are gone.
    expect(screen.queryByPlaceholderText(language === 'en' ? 'Province' : '省份')).toBeNull();
  });

  it('sends the device list filter as stored names, a province alone when only it is chosen (en)', async () => {
    const searched: Filters[] = [];
    await renderWithApp(<DeviceFilters onSearch={(f) => searched.push(f)} />, 'en');
    await choose('Region', ['Fujian']);
    fireEvent.keyDown(document.querySelector('.ant-cascader input') as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.ant-cascader')?.textContent).toContain('Fujian'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(searched).toEqual([{ province: '福建省' }]);
  });
});
