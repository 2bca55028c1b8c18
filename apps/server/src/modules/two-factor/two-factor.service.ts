import { randomInt } from 'node:crypto';
import { ADVERTISER_ROLES, isAdvertiserRole, type Role } from '@robot-ads/contracts/auth/roles';
import {
  TWO_FACTOR_CODE_LENGTH,
  TWO_FACTOR_CODE_TTL_SECONDS,
  TWO_FACTOR_MAX_TRIES,
  TWO_FACTOR_RESEND_SECONDS,
  type TwoFactorChannel,
  type TwoFactorConfigDto,
} from '@robot-ads/contracts/auth/two-factor.schemas';
import { messageFor } from '@robot-ads/contracts/common/errors';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { containsLike } from '../../platform/like';
import { accountSubtreeIds, assertCanSeeAccount } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { hashToken } from '../../platform/tokens';
import {
  type AccountRow,
  accountsPageByRoles,
  findAccountById,
  findAccountByUsername,
} from '../accounts/accounts.queries';
import { customerNamesByIds, findCustomerById } from '../customers/customers.queries';
import { MessageWebhook } from './message-webhook';
import {
  claimSend,
  countWrongCode,
  deleteSendsBefore,
  findSetting,
  lastSentAt,
  saveCode,
  settingsOf,
  upsertSetting,
  useCode,
  voidCode,
} from './two-factor.repository';
import type { AdvertiserTwoFactorRow } from './two-factor.table';

const CODE_TTL_MS = TWO_FACTOR_CODE_TTL_SECONDS * 1000;
const RESEND_MS = TWO_FACTOR_RESEND_SECONDS * 1000;

const asChannel = (v: string | null | undefined): TwoFactorChannel => (v === 'email' ? 'email' : 'sms');
const asLang = (v: string | null): Language | null => (v === 'zh' || v === 'en' ? v : null);

/** 138****5678, a***@example.com: enough for the owner to recognise, not enough to learn it. */
export function maskDestination(channel: TwoFactorChannel, to: string): string {
  if (channel === 'email') {
    const at = to.lastIndexOf('@');
    if (at <= 0) return '***';
    return `${to[0]}***${to.slice(at)}`;
  }
  if (to.length <= 4) return '****';
  const head = to.length >= 8 ? to.slice(0, 3) : '';
  return `${head}****${to.slice(-4)}`;
}

/** The hash kept of a code: tied to the account, so a code is worth nothing for another one. */
const codeHash = (accountId: string, code: string) => hashToken(`2af:${accountId}:${code}`);

function toDto(account: AccountRow, setting: AdvertiserTwoFactorRow | null, customerName: string | null) {
  return {
    userId: account.id,
    account: account.username,
    name: account.name,
    customer: account.customerId,
    customerName,
    phone: account.phone,
    email: account.email,
    enabled: setting?.enabled ?? false,
    channel: asChannel(setting?.channel),
    updatetime: toUnixSeconds(setting?.updatedAt ?? null),
  } satisfies TwoFactorConfigDto;
}

/**
 * Two-factor login of advertiser accounts: the per-account setting (operators in scope change it),
 * the one-time codes (sent through MESSAGE_WEBHOOK_URL) and their check at login.
 */
export class TwoFactorService {
  readonly webhook: MessageWebhook;

  constructor(private readonly ctx: PlatformContext) {
    this.webhook = new MessageWebhook(ctx.config.MESSAGE_WEBHOOK_URL);
  }

  private get db() {
    return this.ctx.db;
  }

  /** An advertiser account the caller may see, with its setting and customer name. */
  private async advertiser(user: SessionUser, userId: string) {
    const account = await findAccountById(this.db, userId);
    if (!account || !isAdvertiserRole(account.role as Role)) throw new AppError('NOT_FOUND');
    await assertCanSeeAccount(this.db, user, userId);
    const [setting] = await settingsOf(this.db, [account.id]);
    const customerName = account.customerId
      ? ((await findCustomerById(this.db, account.customerId))?.name ?? null)
      : null;
    return { account, setting: setting ?? null, customerName };
  }

  /** GET 2AFConfig: an advertiser reads its own (userId optional); operators any in scope. */
  async config(user: SessionUser, userId: string | undefined): Promise<TwoFactorConfigDto> {
    const id = userId ?? (isAdvertiserRole(user.role) ? user.id : undefined);
    if (!id) throw new AppError('BAD_REQUEST', { field: 'userId' }, 'userId');
    const row = await this.advertiser(user, id);
    return toDto(row.account, row.setting, row.customerName);
  }

  /** GET 2AFConfigByPage: advertiser accounts in the caller's scope with their settings. */
  async page(
    user: SessionUser,
    q: { start: number; limit: number; account?: string; name?: string },
  ): Promise<{ total: number; datas: TwoFactorConfigDto[] }> {
    const scope = await accountSubtreeIds(this.db, user);
    const { total, rows } = await accountsPageByRoles(this.db, {
      roles: ADVERTISER_ROLES,
      scope,
      usernameLike: q.account ? containsLike(q.account) : undefined,
      nameLike: q.name ? containsLike(q.name) : undefined,
      start: q.start,
      limit: q.limit,
    });
    const settings = new Map(
      (
        await settingsOf(
          this.db,
          rows.map((r) => r.id),
        )
      ).map((s) => [s.userId, s]),
    );
    const names = await customerNamesByIds(
      this.db,
      rows.flatMap((r) => (r.customerId ? [r.customerId] : [])),
    );
    return {
      total,
      datas: rows.map((r) =>
        toDto(r, settings.get(r.id) ?? null, r.customerId ? (names.get(r.customerId) ?? null) : null),
      ),
    };
  }

  /**
   * GET/POST 2AFConfigUpsert: turning it on needs a configured message channel and the account's
   * phone (sms) or e-mail (email), so that nobody is locked out; turning it off always works.
   */
  async upsert(
    user: SessionUser,
    input: { userId: string; enabled: boolean; channel?: TwoFactorChannel },
  ): Promise<TwoFactorConfigDto> {
    const row = await this.advertiser(user, input.userId);
    const channel = input.channel ?? asChannel(row.setting?.channel);
    if (input.enabled) {
      if (!this.webhook.configured) throw new AppError('TWO_FACTOR_NO_CHANNEL', {}, 'enabled');
      if (channel === 'sms' && !row.account.phone.trim()) throw new AppError('TWO_FACTOR_NO_PHONE', {}, 'channel');
      if (channel === 'email' && !row.account.email.trim()) throw new AppError('TWO_FACTOR_NO_EMAIL', {}, 'channel');
    }
    const values = { enabled: input.enabled, channel, updatedBy: user.id, updatedAt: this.ctx.clock.now() };
    const saved = await upsertSetting(this.db, input.userId, values);
    return toDto(row.account, saved ?? null, row.customerName);
  }

  /**
   * Where the code of this account goes, or null when its login needs no code: two-factor off, or
   * no way to deliver one any more (channel removed from the deployment, phone/e-mail cleared).
   */
  private async destination(account: AccountRow): Promise<{ channel: TwoFactorChannel; to: string } | null> {
    if (!isAdvertiserRole(account.role as Role) || !this.webhook.configured) return null;
    const setting = await findSetting(this.db, account.id);
    if (!setting?.enabled) return null;
    const channel = asChannel(setting.channel);
    const to = (channel === 'sms' ? account.phone : account.email).trim();
    if (!to) {
      this.ctx.log.warn({ userId: account.id, channel }, 'two-factor on but nothing to send the code to: skipped');
      return null;
    }
    return { channel, to };
  }

  /**
   * GET advertiserSendCode: a new code for an advertiser with two-factor on. The answer (and the
   * 60 s pause) is the same for every login name, known or not, so it tells nobody which exist.
   */
  async sendCode(username: string, requestLang: Language): Promise<{ expiresIn: number; resendIn: number }> {
    const name = username.trim();
    const now = this.ctx.clock.now();
    if (!(await claimSend(this.db, name, now, RESEND_MS))) {
      const sentAt = await lastSentAt(this.db, name);
      const waitMs = sentAt ? sentAt.getTime() + RESEND_MS - now.getTime() : RESEND_MS;
      throw new AppError('TWO_FACTOR_SEND_WAIT', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    }
    const answer = { expiresIn: TWO_FACTOR_CODE_TTL_SECONDS, resendIn: TWO_FACTOR_RESEND_SECONDS };

    const account = await findAccountByUsername(this.db, name);
    const target = account?.enabled && account.used ? await this.destination(account) : null;
    if (!account || !target) return answer;

    const code = String(randomInt(0, 10 ** TWO_FACTOR_CODE_LENGTH)).padStart(TWO_FACTOR_CODE_LENGTH, '0');
    await saveCode(this.db, name, codeHash(account.id, code), new Date(now.getTime() + CODE_TTL_MS));
    const text = messageFor('TWO_FACTOR_CODE_TEXT', asLang(account.lang) ?? requestLang, {
      code,
      minutes: TWO_FACTOR_CODE_TTL_SECONDS / 60,
    });
    // Delivered after answering: a gateway's delay or failure must not tell which names exist.
    void this.webhook.send({ ...target, text }).catch((err: unknown) => {
      this.ctx.log.error({ err, userId: account.id, channel: target.channel }, 'login code delivery failed');
    });
    return answer;
  }

  /**
   * At the advertiser login, after the password and the account's state were accepted: an account
   * with two-factor on needs the code it was sent. Each code is single use; wrong tries are counted
   * and the fifth voids it.
   */
  async checkLogin(account: AccountRow, code: string, now: Date): Promise<void> {
    const target = await this.destination(account);
    if (!target) return;
    const given = code.trim();
    if (!given) {
      throw new AppError('TWO_FACTOR_REQUIRED', { to: maskDestination(target.channel, target.to) }, 'verifyCode');
    }
    if (await useCode(this.db, account.username, codeHash(account.id, given), now)) return;
    // Counted in the database (atomic), so parallel guesses are all counted.
    const failures = await countWrongCode(this.db, account.username, now);
    if (failures === null) throw new AppError('TWO_FACTOR_CODE_EXPIRED', {}, 'verifyCode');
    if (failures >= TWO_FACTOR_MAX_TRIES) {
      await voidCode(this.db, account.username);
      throw new AppError('TWO_FACTOR_CODE_EXPIRED', {}, 'verifyCode');
    }
    throw new AppError('TWO_FACTOR_CODE_WRONG', { left: TWO_FACTOR_MAX_TRIES - failures }, 'verifyCode');
  }

  /** Nightly: send records older than the cut-off (their codes expired long ago). */
  async cleanExpired(cutoff: Date): Promise<number> {
    return deleteSendsBefore(this.db, cutoff);
  }
}
