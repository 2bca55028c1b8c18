import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { CreateRequirementDialog } from './create-requirement-dialog';

resetAfterEach();

const APPROVED = 'aaaaaaaaaaaa111111111111';
const PENDING = 'bbbbbbbbbbbb222222222222';
const plan = (id: string, name: string, status: string) => ({ id, name, clientName: 'Lucky Coffee', status });
const robots = Array.from({ length: 12 }, (_, i) => ({
  robotId: `RB-${String(i + 1).padStart(4, '0')}`,
  name: `Lobby robot ${i + 1}`,
  type: 'screen',
  online: i % 2 === 0,
  province: 'Guangdong',
  city: 'Shenzhen',
  district: null,
  address: null,
  sceneName: null,
  propertyname: null,
  publishState: 'pulled',
}));

/** The server as the form meets it: the plan selector, the plan check, the robots (paged), the create. */
function shootingServer(posted: unknown[], planQueries: string[]) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const q = url.searchParams;
    switch (url.pathname) {
      case '/api/Playlists/queryByCondition': {
        planQueries.push(q.get('name') ?? '');
        const all = [plan(APPROVED, 'Spring menu', 'post'), plan(PENDING, 'Summer menu', 'pending')];
        const name = q.get('name');
        const datas = name ? all.filter((p) => p.name.includes(name)) : all;
        return json(200, { success: true, total: datas.length, datas });
      }
      case '/api/ShootingRequirements/checkPlan':
        return json(200, {
          success: true,
          data: {
            id: APPROVED,
            shortId: APPROVED.slice(-12),
            name: 'Spring menu',
            clientName: 'Lucky Coffee',
            begin: 1_795_000_000,
            end: 1_797_000_000,
            timeZone: 'Asia/Shanghai',
            robotCount: robots.length,
          },
        });
      case '/api/ShootingRequirements/filtrateDevice': {
        const start = Number(q.get('start'));
        const limit = Number(q.get('limit'));
        const name = q.get('name');
        const list = name ? robots.filter((r) => r.name.endsWith(` ${name}`)) : robots;
        return json(200, { success: true, total: list.length, datas: list.slice(start, start + limit) });
      }
      case '/api/ShootingRequirements':
        posted.push(JSON.parse(String(init?.body)));
        return json(200, { success: true, data: { id: 'q1' } });
      default:
        return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
    }
  };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('the shooting requirement form', { timeout: 240_000 }, () => {
  it('chooses the plan by name from a list and the robots in a picker over the form, keeping what was typed (en)', async () => {
    const posted: unknown[] = [];
    const planQueries: string[] = [];
    vi.stubGlobal('fetch', vi.fn(shootingServer(posted, planQueries)));
    const closed = vi.fn();
    await renderWithApp(<CreateRequirementDialog open initial={{}} onClose={closed} />, 'en');

    // The plan is a searchable list of the user's plans by name; a plan not approved cannot be chosen.
    const picker = await screen.findByRole('combobox', { name: 'Plan' }, { timeout: 30_000 });
    fireEvent.mouseDown(picker);
    const pending = await screen.findByText(`Summer menu · Lucky Coffee · ${PENDING.slice(-12)} (not approved)`);
    expect(pending.closest('.ant-select-item')?.className).toContain('disabled');
    fireEvent.change(picker, { target: { value: 'Spring' } });
    await waitFor(() => expect(planQueries).toContain('Spring'));
    fireEvent.click(await screen.findByText(`Spring menu · Lucky Coffee · ${APPROVED.slice(-12)}`));
    expect(await screen.findByText('Spring menu: published to 12 robots')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Requirement name'), { target: { value: 'Mall check' } });

    // "Choose robots" opens a picker over the form: search, pages from the server, choice kept across pages.
    fireEvent.click(screen.getByRole('button', { name: 'Choose robots' }));
    const first = await screen.findByText('Lobby robot 1', {}, { timeout: 15_000 });
    const dialog = first.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Choose robots', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.click(within(rowOf('Lobby robot 1')).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByTitle('2'));
    await within(dialog).findByText('Lobby robot 11');
    fireEvent.click(within(rowOf('Lobby robot 11')).getByRole('checkbox'));
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Robot name' }), { target: { value: '3' } });
    fireEvent.keyDown(within(dialog).getByRole('searchbox', { name: 'Robot name' }), { key: 'Enter', keyCode: 13 });
    await within(dialog).findByText('Lobby robot 3');
    await waitFor(() => expect(within(dialog).queryByText('Lobby robot 1')).toBeNull());
    fireEvent.click(within(rowOf('Lobby robot 3')).getByRole('checkbox'));
    expect(within(dialog).getByTestId('picker-count').textContent).toBe('3 robots chosen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use 3 robots' }));

    // Back in the form: the name typed is still there and the three robots are chosen.
    await waitFor(() => expect(screen.getByTestId('chosen-robots').textContent).toBe('3 robots chosen'));
    expect((screen.getByLabelText('Requirement name') as HTMLInputElement).value).toBe('Mall check');
    expect(closed).not.toHaveBeenCalled();
  });

  it('names the picker in Chinese and says why the plan list is empty (zh)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, total: 0, datas: [] })),
    );
    await renderWithApp(<CreateRequirementDialog open initial={{}} onClose={() => {}} />, 'zh');
    const picker = await screen.findByRole('combobox', { name: '推广计划' }, { timeout: 30_000 });
    fireEvent.mouseDown(picker);
    expect(await screen.findByText('还没有推广计划')).toBeTruthy();
    // Without a plan the robots cannot be chosen yet, and the form says why.
    expect(screen.getByRole('button', { name: '选择机器人' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('请先选择计划：可选的机器人是计划已投放的机器人。')).toBeTruthy();
  });
});
