import { randomInt } from 'node:crypto';
import {
  CAPTCHA_AFTER_FAILURES,
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
  type LoginData,
  type LoginMode,
  REFRESH_REMEMBER_TTL_SECONDS,
  REFRESH_TTL_SECONDS,
  type TokenData,
} from '@robot-ads/contracts/auth/auth.schemas';
import type { Role } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { hashPassword, type PasswordCost, passwordCost, verifyDummy, verifyPassword } from '../../platform/passwords';
import type { SessionUser } from '../../platform/session-user';
import { type AccessClaims, hashToken, randomToken } from '../../platform/tokens';
import { toSessionInfo, toSessionUser } from '../accounts/accounts.mapper';
import { findAccountById, findAccountByIdIf, findAccountByUsername, updateAccount } from '../accounts/accounts.queries';
import { DEMO_PASSWORD } from '../accounts/accounts.seed';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import {
  clearCaptcha,
  countLoginFailure,
  deleteExpiredSessions,
  deleteLoginAttempt,
  findLoginAttempt,
  findRefreshToken,
  findSession,
  insertRefreshToken,
  insertSession,
  liveSessionExists,
  lockLogin,
  markRefreshTokenUsed,
  revokeSession,
  revokeSessionsOf,
  saveCaptcha,
  takeMatchingCaptcha,
} from './auth.repository';
import { captchaSvg } from './captcha';

/** Which roles each login form admits, and the codes it answers with (spec section 8). */
const LOGIN_MODES: Record<LoginMode, { roles: readonly Role[]; wrong: '4011' | '4016'; disabled: '4013' | '4018' }> = {
  operator: { roles: ['super', 'administrator', 'operator', 'project', 'hide'], wrong: '4011', disabled: '4013' },
  advertiser: { roles: ['advertisers', 'advertisers_special'], wrong: '4016', disabled: '4018' },
  owner: { roles: ['project'], wrong: '4016', disabled: '4018' },
};

const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CAPTCHA_TTL_MS = 5 * 60_000;

export interface IssuedTokens {
  data: TokenData;
  refreshToken: string;
  refreshMaxAge: number | null;
}

export class AuthService {
  readonly cost: PasswordCost;
  /** Advertiser two-factor login: its settings, codes and the check at login. */
  constructor(
    private readonly ctx: PlatformContext,
    readonly twoFactor: TwoFactorService,
  ) {
    this.cost = passwordCost(ctx.config.NODE_ENV);
  }

  private get db(): Db {
    return this.ctx.db;
  }

  private now() {
    return this.ctx.clock.now();
  }

  /**
   * The hash of a password being set (an account created, a password reset or changed). A production server
   * refuses the published demo password (unless ALLOW_DEMO_PASSWORDS=true): its next start would refuse to run
   * while an account has it.
   */
  hash(password: string) {
    if (this.ctx.config.production && !this.ctx.config.ALLOW_DEMO_PASSWORDS && password === DEMO_PASSWORD) {
      return Promise.reject(new AppError('PASSWORD_DEMO_REFUSED', {}, 'password'));
    }
    return hashPassword(password, this.cost);
  }

  /** POST /api/Users/v2_2_login, /api/Users/advertiser_login, /api/Proprietors/login. */
  async login(
    mode: LoginMode,
    input: { username: string; password: string; verifyCode: string; remember: boolean },
  ): Promise<{ data: LoginData; refreshToken: string; refreshMaxAge: number | null }> {
    const rules = LOGIN_MODES[mode];
    try {
      const username = input.username.trim();
      const now = this.now();
      const attempt = await findLoginAttempt(this.db, username);
      if (attempt?.lockedUntil && attempt.lockedUntil > now) throw new AppError('LOGIN_FAILED');
      const failures = attempt?.failures ?? 0;
      const captchaAsked = failures >= CAPTCHA_AFTER_FAILURES;
      if (captchaAsked) await this.checkCaptcha(username, input.verifyCode, now);

      const account = await findAccountByUsername(this.db, username);
      const admitted = account && rules.roles.includes(account.role as Role);
      // An unknown account still costs one hash, so timing does not tell whether it exists.
      let passwordOk = false;
      if (admitted) passwordOk = await verifyPassword(account.passwordHash, input.password);
      else await verifyDummy(this.cost, input.password);
      if (!account || !passwordOk) {
        // Counted in the database (atomic), so parallel guesses are all counted.
        const locked = (await countLoginFailure(this.db, username, now)) >= LOCK_AFTER_FAILURES;
        if (locked) await lockLogin(this.db, username, new Date(now.getTime() + LOCK_MINUTES * 60_000));
        throw new AppError(locked ? 'LOGIN_FAILED' : rules.wrong);
      }
      if (attempt) await deleteLoginAttempt(this.db, username);

      if (!account.enabled) throw new AppError(rules.disabled);
      if (!account.used) throw new AppError('4019');
      if (account.role === 'project' && !account.authorized) throw new AppError('4017');
      if ((account.beginAt && account.beginAt > now) || (account.endAt && account.endAt < now)) {
        throw new AppError('4014');
      }
      // Two-factor advertisers: the sent code comes in verifyCode (unless it carried the captcha).
      if (mode === 'advertiser') await this.twoFactor.checkLogin(account, captchaAsked ? '' : input.verifyCode, now);
      const issued = await this.startSession(account.id, account.role, input.remember);
      return { ...issued, data: { ...toSessionInfo(account), ...issued.data } };
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.ctx.log.error({ err }, 'login failed on a database fault');
      throw new AppError('4015');
    }
  }

  /** The verification code for a login name: single use, whether right or wrong. */
  private async checkCaptcha(username: string, code: string, now: Date) {
    if (!code) throw new AppError('VERIFY_CODE_REQUIRED');
    if (await takeMatchingCaptcha(this.db, username, hashToken(code.trim().toUpperCase()), now)) return;
    const row = await findLoginAttempt(this.db, username);
    await clearCaptcha(this.db, username);
    if (row?.captchaExpiresAt && row.captchaExpiresAt <= now) throw new AppError('CAPTCHA_EXPIRED');
    throw new AppError('VERIFY_CODE_WRONG');
  }

  /** A new verification-code image for a login name (GET /api/Users/captcha). */
  async captcha(username: string): Promise<{ image: string; expiresIn: number }> {
    const now = this.now();
    let code = '';
    for (let i = 0; i < 4; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
    const values = {
      username: username.trim(),
      captchaHash: hashToken(code),
      captchaExpiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
      updatedAt: now,
    };
    await saveCaptcha(this.db, values);
    const svg = captchaSvg(code);
    return {
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      expiresIn: CAPTCHA_TTL_MS / 1000,
    };
  }

  /** A new login family with its first refresh token and an access token. */
  async startSession(userId: string, role: string, remember: boolean): Promise<IssuedTokens> {
    const now = this.now();
    const ttl = remember ? REFRESH_REMEMBER_TTL_SECONDS : REFRESH_TTL_SECONDS;
    const expiresAt = new Date(now.getTime() + ttl * 1000);
    const sid = newId(now.getTime());
    const refreshToken = randomToken();
    await this.db.transaction(async (tx) => {
      await insertSession(tx, { id: sid, userId, expiresAt, createdAt: now });
      await insertRefreshToken(tx, {
        id: newId(now.getTime()),
        familyId: sid,
        userId,
        tokenHash: hashToken(refreshToken),
        remember: remember ? 1 : 0,
        expiresAt,
        createdAt: now,
      });
    });
    const token = await this.ctx.tokens.sign({ sub: userId, sid, role }, now);
    return {
      data: { token, access_token: token, token_type: 'bearer', expires_in: this.ctx.tokens.ttlSeconds },
      refreshToken,
      refreshMaxAge: remember ? ttl : null,
    };
  }

  /** POST /api/blade-auth/oauth/token: rotates the refresh token; a reused one revokes its family. */
  async refresh(presented: string): Promise<IssuedTokens> {
    const now = this.now();
    const tokenHash = hashToken(presented);
    const row = await findRefreshToken(this.db, tokenHash);
    if (!row) throw new AppError('UNAUTHORIZED');
    if (row.usedAt) {
      await this.revokeFamily(row.familyId, 'reuse');
      this.ctx.log.warn({ familyId: row.familyId, userId: row.userId }, 'refresh token reused: family revoked');
      throw new AppError('UNAUTHORIZED');
    }
    const session = await findSession(this.db, row.familyId);
    if (!session || session.revokedAt || session.expiresAt <= now || row.expiresAt <= now) {
      throw new AppError('UNAUTHORIZED');
    }
    const account = await findAccountById(this.db, row.userId);
    if (!account || !account.enabled) throw new AppError('UNAUTHORIZED');
    const next = randomToken();
    const rotated = await this.db.transaction(async (tx) => {
      if (!(await markRefreshTokenUsed(tx, row.id, now))) return false;
      await insertRefreshToken(tx, {
        id: newId(now.getTime()),
        familyId: row.familyId,
        userId: row.userId,
        tokenHash: hashToken(next),
        remember: row.remember,
        expiresAt: row.expiresAt,
        createdAt: now,
      });
      return true;
    });
    if (!rotated) {
      await this.revokeFamily(row.familyId, 'reuse');
      throw new AppError('UNAUTHORIZED');
    }
    const token = await this.ctx.tokens.sign({ sub: account.id, sid: row.familyId, role: account.role }, now);
    return {
      data: { token, access_token: token, token_type: 'bearer', expires_in: this.ctx.tokens.ttlSeconds },
      refreshToken: next,
      refreshMaxAge: row.remember ? Math.max(1, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000)) : null,
    };
  }

  async revokeFamily(familyId: string, reason: string) {
    await revokeSession(this.db, familyId, this.now(), reason);
  }

  /** Logout: ends the session of the access token and the family of the refresh token, if given. */
  async logout(opts: { sid?: string; refreshToken?: string }) {
    if (opts.sid) await this.revokeFamily(opts.sid, 'logout');
    if (opts.refreshToken) {
      const row = await findRefreshToken(this.db, hashToken(opts.refreshToken));
      if (row) await this.revokeFamily(row.familyId, 'logout');
    }
  }

  /** Ends every session of an account (after a password change). */
  async revokeAllOf(userId: string, reason: string) {
    await revokeSessionsOf(this.db, userId, this.now(), reason);
  }

  /** The guard's resolver: the account behind a token, while its session lives and it is enabled. */
  async resolve(claims: AccessClaims, fallbackLang: Language): Promise<SessionUser | null> {
    const now = this.now();
    const account = await findAccountByIdIf(
      this.db,
      claims.sub,
      liveSessionExists(this.db, claims.sid, claims.sub, now),
    );
    if (!account?.enabled || !account.used) return null;
    // An owner whose authorization was removed loses access at once.
    if (account.role === 'project' && !account.authorized) return null;
    // An account whose validity period ended mid-session loses access with it.
    if (account.endAt && account.endAt < now) return null;
    return toSessionUser(account, fallbackLang);
  }

  /**
   * The account a partner application acts as (open platform): the same checks as a session's account,
   * without a login session (the partner session is checked by the open platform).
   */
  async resolveAccount(accountId: string, fallbackLang: Language): Promise<SessionUser | null> {
    const account = await findAccountById(this.db, accountId);
    if (!account?.enabled || !account.used) return null;
    if (account.role === 'project' && !account.authorized) return null;
    if (account.endAt && account.endAt < this.now()) return null;
    return toSessionUser(account, fallbackLang);
  }

  /** POST /api/Users/authentication: the lock screen checks the current password. */
  async checkPassword(userId: string, password: string): Promise<boolean> {
    const account = await findAccountById(this.db, userId);
    return account ? verifyPassword(account.passwordHash, password) : false;
  }

  /** POST /api/Users/reset: the old password must match; every session ends afterwards. */
  async changePassword(userId: string, oldPassword: string, newPassword: string) {
    const account = await findAccountById(this.db, userId);
    if (!account) throw new AppError('NOT_FOUND');
    if (!(await verifyPassword(account.passwordHash, oldPassword))) {
      throw new AppError('OLD_PASSWORD_WRONG', {}, 'oldpassword');
    }
    const passwordHash = await this.hash(newPassword);
    await this.db.transaction(async (tx) => {
      await updateAccount(tx, userId, { passwordHash, updatedAt: this.now() });
      await revokeSessionsOf(tx, userId, this.now(), 'password');
    });
  }

  /** Nightly: refresh tokens and sessions that have expired (kept a day for reuse detection). */
  async cleanExpired(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - 24 * 3600_000);
    const removed = await deleteExpiredSessions(this.db, cutoff);
    await this.twoFactor.cleanExpired(cutoff);
    return removed;
  }
}
