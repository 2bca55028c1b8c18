import { type APIRequestContext, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, PASSWORD, readDownloadedWorkbook } from './shell-helpers';

const AD_LESS_TYPES = ['watch', 'disinfect', 'hydroxylpro', 'hydroxylproA'];

async function apiToken(request: APIRequestContext, username: string, url = '/api/Users/v2_2_login') {
  const res = await request.post(url, { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** Robot IDs from the demo data: a few an operator can group, and one that is not activated. */
async function demoRobotIds(request: APIRequestContext) {
  // An advertiser sees exactly the deliverable robots.
  const adv = await apiToken(request, 'adv', '/api/Users/advertiser_login');
  const list = await request.get('/api/Devices/queryRobotInfo?limit=50', {
    headers: { authorization: `Bearer ${adv}` },
  });
  const usable = ((await list.json()).datas as Array<{ robotId: string; type: string }>)
    .filter((r) => !AD_LESS_TYPES.includes(r.type))
    .map((r) => r.robotId);
  const root = await apiToken(request, 'root');
  const fresh = await request.get('/api/Devices/queryRobotInfo?state=notActivated&limit=1', {
    headers: { authorization: `Bearer ${root}` },
  });
  const notActivated = (await fresh.json()).datas[0].robotId as string;
  return { valid: usable.slice(0, 3), notActivated };
}

async function importFile(ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.getCell('A1').value = '设备ID';
  ids.forEach((id, i) => {
    sheet.getCell(`A${i + 2}`).value = id;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const TEXT = {
  zh: {
    create: '新建设备组',
    createTitle: '新建设备组',
    groupName: '设备组名称',
    importTitle: 'Excel 导入设备',
    summary: '共 5 行：3 台可添加，2 台不能添加',
    notActivated: '设备未激活',
    notExist: '设备ID不存在',
    accept: '添加 3 台有效设备',
    selected: '已选 3 台',
    ok: /确\s*定/,
    created: '设备组已创建',
    view: '设备',
    exportBtn: '导出',
    exportDone: '导出完成',
    download: '打开导出文件',
    header: '设备ID',
    offlineMap: '离线地图（未配置地图密钥）',
    shown: (n: number | string) => `显示 ${n} 台设备`,
    shownPattern: /^显示 (\d+) 台设备$/,
    type: '类型',
    visitor: '迎宾',
    state: '状态',
    notActivatedState: '未激活',
    byState: '按状态',
  },
  en: {
    create: 'New group',
    createTitle: 'New device group',
    groupName: 'Group name',
    importTitle: 'Import devices from Excel',
    summary: '5 rows: 3 can be added, 2 cannot',
    notActivated: 'Device is not activated',
    notExist: 'Device ID does not exist',
    accept: 'Add 3 valid devices',
    selected: '3 selected',
    ok: /^OK$/,
    created: 'Group created',
    view: 'Devices',
    exportBtn: 'Export',
    exportDone: 'Export finished',
    download: 'Open the exported file',
    header: 'Device ID',
    offlineMap: 'Offline map (no map key configured)',
    shown: (n: number | string) => `${n} devices shown`,
    shownPattern: /^(\d+) devices shown$/,
    type: 'Type',
    visitor: 'Visitor',
    state: 'Status',
    notActivatedState: 'Not activated',
    byState: 'By status',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test.describe(`devices (${lang})`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });

    test('an operator creates a group from an imported file, sees its devices and exports them', async ({
      page,
      request,
    }) => {
      const { valid, notActivated } = await demoRobotIds(request);
      expect(valid.length).toBe(3);
      await login(page, 'root', 'operator', lang);
      await page.goto('/ad/groups');
      await page.getByRole('button', { name: T.create }).click();
      const dialog = page.getByRole('dialog', { name: T.createTitle });
      const groupName = `E2E mall ${lang}`;
      await dialog.getByLabel(T.groupName).fill(groupName);
      await dialog.getByRole('button', { name: T.importTitle }).click();
      const importDialog = page.getByRole('dialog', { name: T.importTitle });
      await importDialog.locator('input[type=file]').setInputFiles({
        name: 'devices.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await importFile([...valid, notActivated, 'NOPE0001']),
      });
      await expect(importDialog.getByText(T.summary)).toBeVisible();
      await expect(importDialog.getByText(T.notActivated)).toBeVisible();
      await expect(importDialog.getByText(T.notExist)).toBeVisible();
      await importDialog.getByRole('button', { name: T.accept }).click();
      await expect(dialog.getByText(T.selected)).toBeVisible();
      await dialog.getByRole('button', { name: T.ok }).click();
      await expect(page.getByText(T.created)).toBeVisible();

      const row = page.getByRole('row', { name: new RegExp(groupName) });
      await expect(row).toContainText('3');
      await row.getByRole('button', { name: T.view }).click();
      await expect(page).toHaveURL(/\/ad\/groupDetail\?id=/);
      for (const id of valid) await expect(page.getByRole('cell', { name: id, exact: true })).toBeVisible();

      await page.getByRole('button', { name: T.exportBtn }).click();
      const exportDialog = page.getByRole('dialog', { name: T.exportBtn });
      await expect(exportDialog.getByText(T.exportDone)).toBeVisible({ timeout: 30_000 });
      const sheet = await readDownloadedWorkbook(page, () =>
        exportDialog.getByRole('link', { name: T.download }).click(),
      );
      expect(sheet?.getCell('A1').value).toBe(T.header);
      const exported = [2, 3, 4].map((r) => String(sheet?.getCell(`A${r}`).value));
      expect(exported.sort()).toEqual([...valid].sort());
    });

    test('the map shows devices and filters them by type and state', async ({ page }) => {
      await login(page, 'root', 'operator', lang);
      await page.goto('/wel/onlineAmap');
      await expect(page.getByText(T.offlineMap)).toBeVisible();
      const count = page.getByTestId('map-count');
      await expect(count).toHaveText(T.shownPattern);
      const shown = async () => Number((await count.textContent())?.match(T.shownPattern)?.[1]);
      const total = await shown();
      expect(total).toBeGreaterThan(100);
      // Drawn (SVG), with dots that carry their device counts: together they are every device shown.
      await expect(page.getByTestId('device-map').locator('svg').first()).toBeVisible();
      const clusterTotal = async () =>
        ((await page.getByTestId('map-clusters').getAttribute('data-counts')) ?? '')
          .split(',')
          .reduce((sum, n) => sum + Number(n || 0), 0);
      await expect.poll(clusterTotal).toBe(total);

      await page.getByLabel(T.type).fill(T.visitor);
      await page.keyboard.press('Enter');
      await expect(count).not.toHaveText(T.shown(total));
      const welcome = await shown();
      expect(welcome).toBeGreaterThan(0);
      expect(welcome).toBeLessThan(total);

      await page.getByLabel(T.state).fill(T.notActivatedState);
      await page.keyboard.press('Enter');
      await expect(count).not.toHaveText(T.shown(welcome));
      expect(await shown()).toBeLessThan(welcome);

      await page.goto('/wel/deviceBoard');
      await expect(page.getByText(T.byState)).toBeVisible();
      await expect(page.getByText(T.notActivatedState).first()).toBeVisible();
    });
  });
}
