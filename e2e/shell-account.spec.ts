import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

test.describe('profile and password (zh)', () => {
  test('profile dialog rules, a duplicate phone on its field, and saving', async ({ page }) => {
    await login(page, 'admin');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    const dialog = page.getByRole('dialog', { name: '个人信息' });
    const name = dialog.getByLabel('姓名');
    const phone = dialog.getByLabel('手机号码');
    await name.fill('');
    await name.blur();
    await expect(dialog.getByText('名称不能为空')).toBeVisible();
    await name.fill('A@#');
    await name.blur();
    await expect(dialog.getByText('名称包含非法字符')).toBeVisible();
    await name.fill('A');
    await name.blur();
    await expect(dialog.getByText(/2.{0,2}15/)).toBeVisible();
    await name.fill('Admin Two');
    await phone.fill('123');
    await phone.blur();
    await expect(dialog.getByText('手机号码应为11位数字')).toBeVisible();
    await phone.fill('12900000000');
    await phone.blur();
    await expect(dialog.getByText('请输入正确的手机号码')).toBeVisible();
    // root's phone: the server refuses it, shown on the field.
    await phone.fill('13900000001');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('联系电话已存在，请重新输入')).toBeVisible();
    await phone.fill('13900000099');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('个人信息已保存')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText('Admin Two');
  });

  test('change password: rules, wrong old password, attempts counter, success logs out', async ({ page }) => {
    await login(page, 'manager');
    const open = async () => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '修改密码' }).click();
      return page.getByRole('dialog', { name: '修改密码' });
    };
    let dialog = await open();
    await expect(dialog.getByText('剩余尝试次数：5')).toBeVisible();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('请输入旧密码')).toBeVisible();
    await dialog.getByLabel('旧密码').fill('Robot@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill('abcdef');
    await dialog.getByLabel('确认新密码').fill('abcdeg');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('密码须为6-16位大小写字母、数字和特殊字符的组合')).toBeVisible();
    await expect(dialog.getByText('两次输入的新密码不一致')).toBeVisible();

    // A wrong old password: an alert, the dialog closes, one attempt fewer.
    await dialog.getByLabel('旧密码').fill('Wrong@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill('New@2026x');
    await dialog.getByLabel('确认新密码').fill('New@2026x');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('dialog', { name: '旧密码输入错误' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '修改密码' })).toHaveCount(0);
    await page.getByRole('button', { name: '确定' }).click();

    dialog = await open();
    await expect(dialog.getByText('剩余尝试次数：4')).toBeVisible();
    await dialog.getByLabel('旧密码').fill('Robot@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill('New@2026x');
    await dialog.getByLabel('确认新密码').fill('New@2026x');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the notification bell opens its dialog with unread and read tabs', async ({ page }) => {
  await login(page, 'root');
  await page.getByTestId('notification-bell').click();
  const dialog = page.getByRole('dialog', { name: '消息通知' });
  await expect(dialog.getByRole('tab', { name: /未读/ })).toBeVisible();
  await dialog.getByRole('tab', { name: '已读' }).click();
  await expect(dialog.getByRole('tabpanel', { name: '已读' }).getByText('暂无消息')).toBeVisible();
});
