import { expect, test } from '@playwright/test';
import { login, type Mode } from './shell-helpers';

const TEXT = {
  zh: {
    user: 'admin',
    mode: 'operator' as Mode,
    passwordUser: 'manager',
    info: '个人信息',
    name: '姓名',
    phone: '手机号码',
    nameRequired: '名称不能为空',
    nameIllegal: '名称包含非法字符',
    badPhone: '123',
    badPhoneMessage: '手机号码应为11位数字',
    badFormat: '12900000000',
    badFormatMessage: '请输入正确的手机号码',
    phoneExists: '联系电话已存在，请重新输入',
    newPhone: '13900000099',
    newName: 'Admin Two',
    save: '保存',
    saved: '个人信息已保存',
    changePassword: '修改密码',
    attempts: (n: number) => `剩余尝试次数：${n}`,
    oldRequired: '请输入旧密码',
    old: '旧密码',
    new: '新密码',
    confirm: '确认新密码',
    policy: '密码须为6-16位大小写字母、数字和特殊字符的组合',
    mismatch: '两次输入的新密码不一致',
    oldWrong: '旧密码输入错误',
    ok: '确定',
    changed: '密码修改成功，请重新登录',
  },
  en: {
    user: 'adv_nodiy',
    mode: 'advertiser' as Mode,
    passwordUser: 'ops',
    info: 'User info',
    name: 'Name',
    phone: 'Phone',
    nameRequired: 'name cannot be empty',
    nameIllegal: 'The name contains illegal characters',
    badPhone: '123',
    badPhoneMessage: 'Please enter the correct phone number',
    badFormat: '12ab5678901',
    badFormatMessage: 'Please enter the correct phone number',
    phoneExists: 'Contact phone already exists, please re-enter',
    newPhone: '+4915112345678',
    newName: 'Fresh Buyer',
    save: 'Save',
    saved: 'Your information was saved',
    changePassword: 'Change password',
    attempts: (n: number) => `${n} attempt${n === 1 ? '' : 's'} left`,
    oldRequired: 'Please enter the old password',
    old: 'Old password',
    new: 'New password',
    confirm: 'Confirm new password',
    policy: 'password must be 6-16 characters of upper and lower case letters, digits and special characters',
    mismatch: 'the two new passwords do not match',
    oldWrong: 'old password entered incorrectly',
    ok: 'OK',
    changed: 'Password changed successfully, please log in again',
  },
};

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test.describe(`profile and password (${lang})`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });

    test('profile dialog rules, a duplicate phone on its field, and saving', async ({ page }) => {
      await login(page, T.user, T.mode, lang);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: T.info }).click();
      const dialog = page.getByRole('dialog', { name: T.info });
      const name = dialog.getByLabel(T.name);
      const phone = dialog.getByLabel(T.phone);
      await name.fill('');
      await name.blur();
      await expect(dialog.getByText(T.nameRequired)).toBeVisible();
      await name.fill('A@#');
      await name.blur();
      await expect(dialog.getByText(T.nameIllegal)).toBeVisible();
      await name.fill('A');
      await name.blur();
      await expect(dialog.getByText(/2.{0,2}15/)).toBeVisible();
      await name.fill(T.newName);
      await phone.fill(T.badPhone);
      await phone.blur();
      await expect(dialog.getByText(T.badPhoneMessage)).toBeVisible();
      await phone.fill(T.badFormat);
      await phone.blur();
      await expect(dialog.getByText(T.badFormatMessage)).toBeVisible();
      // root's phone: the server refuses it, shown on the field.
      await phone.fill('13900000001');
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(dialog.getByText(T.phoneExists)).toBeVisible();
      await phone.fill(T.newPhone);
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(page.getByText(T.saved)).toBeVisible();
      await expect(page.getByTestId('user-menu')).toContainText(T.newName);
    });

    test('change password: rules, wrong old password, attempts counter, success logs out', async ({ page }) => {
      await login(page, T.passwordUser, 'operator', lang);
      const open = async () => {
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: T.changePassword }).click();
        return page.getByRole('dialog', { name: T.changePassword });
      };
      let dialog = await open();
      await expect(dialog.getByText(T.attempts(5))).toBeVisible();
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(dialog.getByText(T.oldRequired)).toBeVisible();
      await dialog.getByLabel(T.old).fill('Robot@2026');
      await dialog.getByLabel(T.new, { exact: true }).fill('abcdef');
      await dialog.getByLabel(T.confirm).fill('abcdeg');
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(dialog.getByText(T.policy)).toBeVisible();
      await expect(dialog.getByText(T.mismatch)).toBeVisible();

      // A wrong old password: an alert, the dialog closes, one attempt fewer.
      await dialog.getByLabel(T.old).fill('Wrong@2026');
      await dialog.getByLabel(T.new, { exact: true }).fill('New@2026x');
      await dialog.getByLabel(T.confirm).fill('New@2026x');
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(page.getByRole('dialog', { name: T.oldWrong })).toBeVisible();
      await expect(page.getByRole('dialog', { name: T.changePassword })).toHaveCount(0);
      await page.getByRole('button', { name: T.ok }).click();

      dialog = await open();
      await expect(dialog.getByText(T.attempts(4))).toBeVisible();
      await dialog.getByLabel(T.old).fill('Robot@2026');
      await dialog.getByLabel(T.new, { exact: true }).fill('New@2026x');
      await dialog.getByLabel(T.confirm).fill('New@2026x');
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(page.getByText(T.changed)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}

test('the notification bell opens its dialog with unread and read tabs', async ({ page }) => {
  await login(page, 'root');
  await page.getByTestId('notification-bell').click();
  const dialog = page.getByRole('dialog', { name: '消息通知' });
  await expect(dialog.getByRole('tab', { name: /未读/ })).toBeVisible();
  await dialog.getByRole('tab', { name: '已读' }).click();
  await expect(dialog.getByRole('tabpanel', { name: '已读' }).getByText('暂无消息')).toBeVisible();
});
