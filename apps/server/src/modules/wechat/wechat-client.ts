import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';

/** What WeChat's code-to-session call answers for a valid code. */
export interface WechatSession {
  openid: string;
  unionid: string | null;
}

const TIMEOUT_MS = 10_000;

/**
 * The two calls the server makes to WeChat (`WECHAT_API_BASE`): code-to-session (`/sns/jscode2session`)
 * at sign-in, and the phone number of a getPhoneNumber grant (`/cgi-bin/token` then
 * `/wxa/business/getuserphonenumber`). Unset AppID or secret: every call is refused.
 */
export class WechatClient {
  private accessToken: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: Pick<Config, 'WECHAT_APPID' | 'WECHAT_SECRET' | 'WECHAT_API_BASE'>) {}

  private credentials(): { appid: string; secret: string } {
    const { WECHAT_APPID: appid, WECHAT_SECRET: secret } = this.config;
    if (!appid || !secret) throw new AppError('WECHAT_NOT_CONFIGURED');
    return { appid, secret };
  }

  private async call(path: string, init?: RequestInit): Promise<Record<string, unknown>> {
    const url = new URL(path, this.config.WECHAT_API_BASE.replace(/\/?$/, '/'));
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new AppError('WECHAT_UNAVAILABLE');
    }
    if (!response.ok) throw new AppError('WECHAT_UNAVAILABLE');
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') throw new AppError('WECHAT_UNAVAILABLE');
    return body;
  }

  async codeToSession(code: string): Promise<WechatSession> {
    const { appid, secret } = this.credentials();
    const query = new URLSearchParams({ appid, secret, js_code: code, grant_type: 'authorization_code' });
    const body = await this.call(`sns/jscode2session?${query}`);
    const errcode = Number(body.errcode ?? 0);
    // 40029 invalid code, 40163 code already used, 40226 risky user: the code cannot sign in.
    if (errcode !== 0 || typeof body.openid !== 'string' || body.openid === '') {
      if (errcode === -1) throw new AppError('WECHAT_UNAVAILABLE');
      throw new AppError('WECHAT_CODE_INVALID', {}, 'code');
    }
    return { openid: body.openid, unionid: typeof body.unionid === 'string' ? body.unionid : null };
  }

  private async token(nowMs: number): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > nowMs) return this.accessToken.value;
    const { appid, secret } = this.credentials();
    const query = new URLSearchParams({ grant_type: 'client_credential', appid, secret });
    const body = await this.call(`cgi-bin/token?${query}`);
    if (typeof body.access_token !== 'string') throw new AppError('WECHAT_UNAVAILABLE');
    const seconds = Number(body.expires_in ?? 7200);
    this.accessToken = { value: body.access_token, expiresAt: nowMs + Math.max(60, seconds - 300) * 1000 };
    return body.access_token;
  }

  /** The phone number the user granted with the getPhoneNumber button (its code). */
  async phoneNumber(phoneCode: string, nowMs: number): Promise<string> {
    const token = await this.token(nowMs);
    const body = await this.call(`wxa/business/getuserphonenumber?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: phoneCode }),
    });
    const info = body.phone_info as { phoneNumber?: unknown } | undefined;
    if (Number(body.errcode ?? 0) !== 0 || typeof info?.phoneNumber !== 'string') {
      throw new AppError('WECHAT_PHONE_CODE_INVALID', {}, 'phoneCode');
    }
    return info.phoneNumber;
  }
}
