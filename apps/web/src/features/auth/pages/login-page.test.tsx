import { messageFor } from '@robot-ads/contracts/common/errors';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import LoginPage from './login-page';

/**
 * The network seen by the browser: the server's advertiser login and send-code calls, answering with
 * the server's envelopes and catalogue messages for an advertiser with two-factor login by SMS.
 */
function twoFactorServer() {
  const calls: Array<{ path: string; body: Record<string, unknown> | null }> = [];
  const sentCode = '482913';
  let sent = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const refuse = (code: 'TWO_FACTOR_REQUIRED' | 'TWO_FACTOR_CODE_WRONG' | '4016', params = {}) =>
    json(401, { success: false, data: null, code, msg: messageFor(code, 'en', params), field: 'verifyCode' });
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ path: url.pathname + url.search, body });
    if (url.pathname === '/api/AdvertiserUsers/advertiserSendCode') {
      sent = true;
      return json(200, { success: true, data: { expiresIn: 300, resendIn: 60 } });
    }
    if (url.pathname === '/api/Users/advertiser_login') {
      if (body?.password !== 'Right@123') return refuse('4016');
      if (!body.verifyCode) return refuse('TWO_FACTOR_REQUIRED', { to: '138****5678' });
      if (!sent || body.verifyCode !== sentCode) return refuse('TWO_FACTOR_CODE_WRONG', { left: 4 });
      return json(200, {
        success: true,
        data: {
          id: 'a1',
          user: 'buyer',
          name: 'Buyer',
          role: 'advertisers',
          currentUser: 'Buyer',
          principals: '',
          customer: 'c1',
          DIY: 'no',
          autoAudit: 'no',
          isSoldOut: false,
          contact: { name: '', phone: '' },
          projectId: null,
          phone: '13812345678',
          avatar: '',
          sex: '',
          email: '',
          lang: 'en',
          parentId: null,
          token: 'access-token',
          access_token: 'access-token',
          token_type: 'bearer',
          expires_in: 3000,
        },
      });
    }
    return json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
  };
  return { calls, sentCode, fetchStub };
}

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('advertiser login with two-factor', () => {
  it('asks for the sent code after the right password, sends it and logs in with it', async () => {
    const server = twoFactorServer();
    vi.stubGlobal('fetch', vi.fn(server.fetchStub));
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole('tab', { name: 'Advertisers' }));
    // No code field before the server asks for one.
    expect(screen.queryByLabelText('Login code')).toBeNull();
    await user.type(screen.getByLabelText('Account'), 'buyer');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Right@123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Two-factor login is on for this account: send a code to 138****5678 and enter it',
    );
    const codeField = screen.getByLabelText('Login code');
    // The password stays (it was right), so only the code is missing.
    expect((screen.getByLabelText('Password', { exact: true }) as HTMLInputElement).value).toBe('Right@123');

    // Logging in without the code is stopped on the page.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter the login code')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Code sent, valid for 5 minutes.');
    const resend = screen.getByRole('button', { name: 'Resend (60 s)' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(server.calls.some((c) => c.path === '/api/AdvertiserUsers/advertiserSendCode?username=buyer')).toBe(true);

    // A wrong code: the server's message, and the field stays for another try.
    await user.type(codeField, '111111');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong code, 4 tries left')).toBeTruthy();

    await user.clear(screen.getByLabelText('Login code'));
    await user.type(screen.getByLabelText('Login code'), server.sentCode);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    const last = server.calls.filter((c) => c.path === '/api/Users/advertiser_login').at(-1);
    expect(last?.body).toMatchObject({ username: 'buyer', password: 'Right@123', verifyCode: server.sentCode });
    expect(sessionStore.get().token).toBe('access-token');
  });

  it('shows no code step for a wrong password', async () => {
    const server = twoFactorServer();
    vi.stubGlobal('fetch', vi.fn(server.fetchStub));
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('tab', { name: 'Advertisers' }));
    await user.type(screen.getByLabelText('Account'), 'buyer');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Wrong@123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong account or password');
    expect(screen.queryByLabelText('Login code')).toBeNull();
    expect(server.calls.some((c) => c.path.startsWith('/api/AdvertiserUsers/advertiserSendCode'))).toBe(false);
  });
});

describe('the login page footer', () => {
  it('shows the version of the build the server reports, in the page language', async () => {
    const health = { status: 'ok', version: '1.53.0+1a2b3c4', uptime: 5 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/health'
          ? new Response(JSON.stringify({ success: true, data: health }), { status: 200 })
          : new Response('{}', { status: 404 }),
      ),
    );
    renderLogin();
    expect(await screen.findByText('Version 1.53.0+1a2b3c4')).toBeTruthy();
  });
});

describe('operator login lockout', () => {
  it('shows the lockout message when the server answers that repeated failures locked the account', async () => {
    // The server's answer after the fifth failure (see auth.sessions.int.test.ts for how it gets there).
    const calls: string[] = [];
    const fetchStub = async (input: RequestInfo | URL) => {
      calls.push(new URL(String(input), 'http://localhost').pathname);
      return new Response(
        JSON.stringify({ success: false, data: null, code: 'LOGIN_FAILED', msg: messageFor('LOGIN_FAILED', 'en') }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      );
    };
    vi.stubGlobal('fetch', vi.fn(fetchStub));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Account'), 'owner_auto');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Right@123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Multiple login errors: the account is temporarily locked, please try again later',
    );
    expect(calls).toContain('/api/Users/v2_2_login');
  });
});
