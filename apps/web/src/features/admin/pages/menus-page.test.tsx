import type { AdminMenu } from '@robot-ads/contracts/admin/admin.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import MenusPage from './menus-page';

resetAfterEach();

const menu = (id: string, nameZh: string, nameEn: string, extra: Partial<AdminMenu> = {}): AdminMenu => ({
  id,
  parentId: '0',
  category: 1,
  code: id,
  name: nameEn,
  nameZh,
  nameEn,
  path: id,
  query: '',
  icon: 'SettingOutlined',
  sort: 10,
  roles: null,
  include: [],
  exclude: [],
  hidden: false,
  seeded: true,
  changed: false,
  children: [],
  ...extra,
});

/** The blade-system menu calls as the server answers them; the submitted bodies are kept. */
function menuServer() {
  const submitted: unknown[] = [];
  const clients = menu('/system/client', '客户端管理', 'Clients', { parentId: '/system' });
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/blade-system/menu/list':
        return json(200, { success: true, data: [menu('/system', '系统管理', 'System', { children: [clients] })] });
      case '/api/blade-system/menu/tree':
        return json(200, {
          success: true,
          data: [{ id: '/system', parentId: '0', title: 'System', key: '/system', value: '/system', children: [] }],
        });
      case '/api/blade-system/menu/submit':
        submitted.push(JSON.parse(String(init?.body)));
        return json(200, { success: true, data: { ...clients, nameEn: 'OAuth clients', changed: true } });
      default:
        return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
    }
  };
  return { submitted, stub };
}

describe('menu management page', () => {
  it('edits an entry: the names in both languages go to the submit call with the entry id', {
    timeout: 60_000,
  }, async () => {
    const server = menuServer();
    vi.stubGlobal('fetch', vi.fn(server.stub));
    await renderWithApp(<MenusPage />, 'en');
    const rowOf = async (text: string) =>
      (await screen.findByText(text, {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    const group = await rowOf('System');
    fireEvent.click(group.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    const row = await rowOf('/system/client');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'OAuth clients' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.submitted).toHaveLength(1), { timeout: 15_000 });
    expect(server.submitted[0]).toMatchObject({
      id: '/system/client',
      parentId: '/system',
      nameZh: '客户端管理',
      nameEn: 'OAuth clients',
      category: 1,
      roles: null,
    });
    expect(await screen.findByText('Saved', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
