import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import type { Account } from '../api/accounts';
import { CustomerFormDialog } from './customer-form-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <App>{children}</App>
    </QueryClientProvider>
  );
}

const child = { id: 'c1', name: 'Shop A', account: 'shop-a' } as Account;

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('accounts');
});
afterEach(cleanup);

describe('reset password dialog', () => {
  it('refuses a weak password and a confirmation that differs, and saves a good one', async () => {
    const user = userEvent.setup();
    const saved: Array<[string, string]> = [];
    render(
      wrap(
        <ResetPasswordDialog
          account={child}
          onClose={() => {}}
          saving={false}
          save={async (id, password) => {
            saved.push([id, password]);
          }}
        />,
      ),
    );
    expect(screen.getByText('New password for Shop A (shop-a)')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm the new password'), 'abd');
    await user.click(screen.getByRole('button', { name: /OK/ }));
    expect(
      await screen.findByText(
        'password must be 6-16 characters of upper and lower case letters, digits and special characters',
        { exact: false },
      ),
    ).toBeTruthy();
    expect(await screen.findByText('The two new passwords do not match')).toBeTruthy();
    expect(saved).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Abc12345!');
    await user.clear(screen.getByLabelText('Confirm the new password'));
    await user.type(screen.getByLabelText('Confirm the new password'), 'Abc12345!');
    await user.click(screen.getByRole('button', { name: /OK/ }));
    await screen.findByText('The password was reset');
    expect(saved).toEqual([['c1', 'Abc12345!']]);
  });
});

describe('customer form', () => {
  it('shows the shared name rule and the phone format in the user language', async () => {
    const user = userEvent.setup();
    render(wrap(<CustomerFormDialog open customer={null} onClose={() => {}} />));
    await user.type(screen.getByLabelText('Customer name'), 'A');
    await user.type(screen.getByLabelText('Phone'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer names are 2-50 characters')).toBeTruthy();
    expect(await screen.findByText('Please enter the correct phone number')).toBeTruthy();
  });

  it('refuses a contact with an illegal name and a contact phone given twice', async () => {
    const user = userEvent.setup();
    render(wrap(<CustomerFormDialog open customer={null} onClose={() => {}} />));
    await user.click(screen.getByLabelText('Customer name'));
    await user.paste('Harbour Tea');
    await user.click(screen.getByRole('button', { name: /Add a contact/ }));
    await user.click(screen.getByRole('button', { name: /Add a contact/ }));
    await user.click(screen.getByLabelText('Contact 1'));
    await user.paste('a$');
    await user.click(screen.getByLabelText('Contact phone 1'));
    await user.paste('13611112222');
    await user.click(screen.getByLabelText('Contact 2'));
    await user.paste('Zhao Liu');
    await user.click(screen.getByLabelText('Contact phone 2'));
    await user.paste('13611112222');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The contact contains illegal characters')).toBeTruthy();
    expect(await screen.findByText('Contact phone already exists, please re-enter')).toBeTruthy();
  }, 90_000);
});
