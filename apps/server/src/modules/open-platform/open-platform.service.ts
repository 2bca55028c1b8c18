import { randomBytes } from 'node:crypto';
import { type BlockList, isIPv4 } from 'node:net';
import { performance } from 'node:perf_hooks';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  type ApiUser,
  type ApiUserInput,
  type ApiUserUpdateInput,
  type ClientCredentialsToken,
  type OpenInterface,
  PARTNER_TOKEN_SECONDS,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound, withHeaders } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import type { OpenApiDoc } from '../../platform/openapi/document';
import { hashPassword, type PasswordCost, passwordCost, verifyDummy, verifyPassword } from '../../platform/passwords';
import type { SessionUser } from '../../platform/session-user';
import type { AccessClaims } from '../../platform/tokens';
import { findAccountById } from '../accounts/accounts.queries';
import { type AuditLogInsert, auditLogPage, writeAuditEntries } from '../audit-log/audit-log.service';
import * as repo from './open-platform.repository';
import type { OpenApiUserRow } from './open-platform.table';
import { partnerDocument } from './partner-document';
import { addressSet, inAddressSet, normalizeIp, type PartnerRateLimiter, rateLimitHeaders } from './partner-limits';
import { PartnerUsage } from './partner-usage';

/** Who changed something on the open platform pages, and from where (the audit log). */
export interface Actor {
  username: string;
  ip: string;
}

/** The partner call a request is (set by the gate; the audit log reads it after the answer). */
export interface PartnerCall {
  apiUserId: string;
  clientId: string;
  sessionId: string;
  key: string;
  /** The RateLimit headers of the call (set once the rate limit was counted). */
  rateHeaders?: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a partner call once its application is known (null for everyone else). */
    partner: PartnerCall | null;
  }
}

/** The parts of an OpenAPI document the interface catalogue reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, { tags?: string[]; summary?: string } | undefined>>;
  [key: string]: unknown;
}

export interface OpenPlatformDeps {
  /** The account a partner acts as: its role and data scope (null: disabled, gone or out of validity). */
  resolveAccount(accountId: string, lang: Language): Promise<SessionUser | null>;
  /** The app's OpenAPI document (routes opt in to the open platform with the tag `open`). */
  openApi(): OpenApiDocument;
  limiter: PartnerRateLimiter;
}

/** The tag a route carries to be callable by partners. */
export const OPEN_TAG = 'open';
/** Calls every partner token may make whatever its interfaces (its own documentation). */
export const PARTNER_DOCS_KEY = 'GET /api/OpenPlatform/openapi.json';
/** How long an instance trusts its copy of the blacklist, switches and applications. */
const CACHE_MS = 2000;
const AUDIT_FLUSH_MS = 1000;
const AUDIT_BATCH = 200;

interface Snapshot {
  loadedAt: number;
  /** Whether any address is blacklisted (the common case is none: the hook then reads no address). */
  anyIp: boolean;
  /** Plain IPv4 addresses with their reasons: a map lookup. */
  exactIps: Map<string, string>;
  /** Ranges and IPv6 entries (whose spellings vary): the BlockList, then the reason of the first that holds the address. */
  ips: BlockList | null;
  ipReasons: { list: BlockList; reason: string }[];
  clients: Map<string, string>;
  accounts: Map<string, string>;
  disabled: Set<string>;
}

interface CachedClient {
  loadedAt: number;
  row: OpenApiUserRow | null;
  ips: BlockList;
  interfaces: Set<string>;
}

/** `METHOD /path/{param}` of a request's route, as the OpenAPI document names it. */
export function interfaceKeyOf(method: string, routeUrl: string): string {
  return `${method} ${routeUrl.replace(/:(\w+)/g, '{$1}')}`;
}

const secondsToUtcMidnight = (now: Date) => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
};
const newClientId = () => `op${randomBytes(10).toString('hex')}`;
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The open platform: partner applications with client credentials, partner tokens and the check chain
 * of every partner call (blacklist, application, IP ranges, interface, rate limit, session, quota), the
 * interface catalogue, the blacklist and the audit log. docs/open-platform.md.
 */
export class OpenPlatformService {
  private readonly cost: PasswordCost;
  private snapshot: Snapshot | null = null;
  private snapshotLoading: Promise<Snapshot> | null = null;
  private snapshotGeneration = 0;
  private readonly clients = new Map<string, CachedClient>();
  private readonly owners = new Map<string, { loadedAt: number; user: SessionUser | null }>();
  private readonly usage: PartnerUsage;
  private catalogueCache: Map<string, { method: string; path: string; summary: string }> | null = null;
  private auditBuffer: AuditLogInsert[] = [];
  private auditTimer: NodeJS.Timeout | null = null;
  private auditFlushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: PlatformContext,
    private readonly deps: OpenPlatformDeps,
  ) {
    this.cost = passwordCost(ctx.config.NODE_ENV);
    this.usage = new PartnerUsage(() => ctx.db, ctx.log);
  }

  private now() {
    return this.ctx.clock.now();
  }

  // ---------------------------------------------------------------- API users

  private async toApiUser(row: OpenApiUserRow, names?: Map<string, string>): Promise<ApiUser> {
    let accountName = names?.get(row.accountId);
    if (accountName === undefined) {
      const account = await findAccountById(this.ctx.db, row.accountId);
      accountName = account ? account.name || account.username : '';
    }
    const now = this.now();
    return {
      id: row.id,
      name: row.name,
      accountId: row.accountId,
      accountName,
      contact: row.contact,
      clientId: row.clientId,
      interfaces: row.interfaces,
      ipRanges: row.ipRanges,
      rateLimit: row.rateLimit,
      dailyQuota: row.dailyQuota,
      validFrom: toUnixSeconds(row.validFrom),
      validUntil: toUnixSeconds(row.validUntil),
      enabled: row.enabled,
      previousSecretUntil:
        row.previousSecretUntil && row.previousSecretUntil > now ? toUnixSeconds(row.previousSecretUntil) : null,
      createTime: toUnixSeconds(row.createdAt) ?? 0,
      updateTime: toUnixSeconds(row.updatedAt) ?? 0,
    };
  }

  async pageApiUsers(q: { start: number; limit: number; name?: string }) {
    const { rows, total } = await repo.apiUsersPage(this.ctx.db, q);
    const names = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.accountId))) {
      const account = await findAccountById(this.ctx.db, id);
      names.set(id, account ? account.name || account.username : '');
    }
    return { total, datas: await Promise.all(rows.map((r) => this.toApiUser(r, names))) };
  }

  async getApiUser(id: string): Promise<ApiUser> {
    const row = await repo.apiUserById(this.ctx.db, id);
    if (!row) throw notFound();
    return this.toApiUser(row);
  }

  /** The columns of the fields sent (a field not sent stays undefined, which the update leaves as it is). */
  private fields(input: ApiUserUpdateInput) {
    const time = (v: number | null | undefined) =>
      v === undefined ? undefined : v === null ? null : new Date(v * 1000);
    return {
      name: input.name,
      accountId: input.accountId,
      contact: input.contact,
      interfaces: input.interfaces && [...new Set(input.interfaces)],
      ipRanges: input.ipRanges && [...new Set(input.ipRanges)],
      rateLimit: input.rateLimit,
      dailyQuota: input.dailyQuota,
      validFrom: time(input.validFrom),
      validUntil: time(input.validUntil),
      enabled: input.enabled,
    };
  }

  private async checkAccount(accountId: string) {
    if (!(await findAccountById(this.ctx.db, accountId))) throw new AppError('OPEN_ACCOUNT_MISSING', {}, 'accountId');
  }

  /** Creates an application; the answer holds the client secret, the only time it is shown. */
  async createApiUser(input: ApiUserInput, actor: Actor): Promise<ApiUser & { clientSecret: string }> {
    const secret = newSecret();
    const secretHash = await hashPassword(secret, this.cost);
    const now = this.now();
    const id = newId();
    const clientId = newClientId();
    await this.ctx.db.transaction(async () => {
      await this.checkAccount(input.accountId);
      await repo.insertApiUser(this.ctx.db, {
        id,
        clientId,
        secretHash,
        ...this.fields(input),
        createdAt: now,
        updatedAt: now,
      });
      await this.recordChange(actor, 'apiUser.create', `${input.name} (${clientId})`);
    });
    return { ...(await this.getApiUser(id)), clientSecret: secret };
  }

  async updateApiUser(id: string, input: ApiUserUpdateInput, actor: Actor): Promise<ApiUser> {
    const row = await this.ctx.db.transaction(async () => {
      await this.checkAccount(input.accountId);
      const updated = await repo.updateApiUser(this.ctx.db, id, { ...this.fields(input), updatedAt: this.now() });
      if (!updated) throw notFound();
      await this.recordChange(actor, 'apiUser.update', `${updated.name} (${updated.clientId})`);
      return updated;
    });
    this.clients.delete(row.clientId);
    return this.toApiUser(row);
  }

  async removeApiUser(id: string, actor: Actor): Promise<void> {
    const row = await this.ctx.db.transaction(async () => {
      const existing = await repo.apiUserById(this.ctx.db, id);
      if (!existing) throw notFound();
      await repo.deleteApiUser(this.ctx.db, id);
      await this.recordChange(actor, 'apiUser.remove', `${existing.name} (${existing.clientId})`);
      return existing;
    });
    this.clients.delete(row.clientId);
  }

  /** A new secret (shown once); the current one stays valid for `overlapSeconds`. */
  async rotateSecret(id: string, overlapSeconds: number, actor: Actor): Promise<ApiUser & { clientSecret: string }> {
    const secret = newSecret();
    const secretHash = await hashPassword(secret, this.cost);
    const now = this.now();
    const row = await this.ctx.db.transaction(async () => {
      const existing = await repo.apiUserById(this.ctx.db, id);
      if (!existing) throw notFound();
      const updated = await repo.updateApiUser(this.ctx.db, id, {
        secretHash,
        previousSecretHash: overlapSeconds > 0 ? existing.secretHash : null,
        previousSecretUntil: overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null,
        updatedAt: now,
      });
      await this.recordChange(actor, 'apiUser.rotateSecret', `${existing.name} (${existing.clientId})`);
      return updated as OpenApiUserRow;
    });
    this.clients.delete(row.clientId);
    return { ...(await this.toApiUser(row)), clientSecret: secret };
  }

  // ---------------------------------------------------------------- tokens

  private activeRefusal(row: OpenApiUserRow, now: Date): AppError | null {
    if (!row.enabled || (row.validFrom && row.validFrom > now) || (row.validUntil && row.validUntil <= now)) {
      return new AppError('OPEN_CLIENT_EXPIRED');
    }
    return null;
  }

  private blacklistRefusal(snapshot: Snapshot, row: OpenApiUserRow): AppError | null {
    const reason = snapshot.clients.get(row.clientId) ?? snapshot.accounts.get(row.accountId);
    return reason === undefined ? null : new AppError('OPEN_BLACKLISTED', { reason });
  }

  /** grant_type=client_credentials: a short-lived partner token; each token is a partner session. */
  async issueToken(input: { clientId: string; clientSecret: string; ip: string }): Promise<ClientCredentialsToken> {
    const row = await repo.apiUserByClientId(this.ctx.db, input.clientId);
    if (!row) {
      await verifyDummy(this.cost, input.clientSecret);
      throw new AppError('OPEN_CLIENT_INVALID');
    }
    const now = this.now();
    const current = await verifyPassword(row.secretHash, input.clientSecret);
    const previous =
      !current &&
      row.previousSecretHash !== null &&
      row.previousSecretUntil !== null &&
      row.previousSecretUntil > now &&
      (await verifyPassword(row.previousSecretHash, input.clientSecret));
    if (!current && !previous) throw new AppError('OPEN_CLIENT_INVALID');
    const refused = this.activeRefusal(row, now) ?? this.blacklistRefusal(await this.currentSnapshot(), row);
    if (refused) throw refused;
    const ip = normalizeIp(input.ip);
    if (row.ipRanges.length > 0 && !inAddressSet(addressSet(row.ipRanges), ip)) {
      throw new AppError('OPEN_IP_NOT_ALLOWED', { ip });
    }
    const sessionId = newId();
    await repo.insertSession(this.ctx.db, {
      id: sessionId,
      apiUserId: row.id,
      ip,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + PARTNER_TOKEN_SECONDS * 1000),
    });
    const token = await this.ctx.tokens.sign(
      { sub: row.accountId, sid: sessionId, role: 'partner', cid: row.clientId },
      now,
      PARTNER_TOKEN_SECONDS,
    );
    const allowed = this.allowedKeys(row.interfaces, this.switches(await this.currentSnapshot()));
    return { access_token: token, token_type: 'bearer', expires_in: PARTNER_TOKEN_SECONDS, scope: allowed.join(' ') };
  }

  // ---------------------------------------------------------------- the check chain

  /**
   * Before authentication, on every /api/ request (the device lane's too): a blacklisted address is
   * refused. No entry: nothing read; a plain IPv4 address: one map lookup; ranges: the BlockList. A copy
   * older than CACHE_MS still answers while the new one loads (no request waits for that query); after a
   * change on this instance (no copy) the request waits for the new list.
   */
  readonly blacklistHook = (request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
    if (!request.url.startsWith('/api/')) return done();
    const held = this.snapshot;
    if (!held) {
      this.currentSnapshot().then((s) => done(this.addressRefusal(s, request)), done);
      return;
    }
    if (!this.freshSnapshot() && !this.snapshotLoading) {
      this.currentSnapshot().catch((err: unknown) =>
        request.log.warn({ err }, 'open platform blacklist not refreshed'),
      );
    }
    done(this.addressRefusal(held, request));
  };

  private addressRefusal(snapshot: Snapshot, request: FastifyRequest): AppError | undefined {
    if (!snapshot.anyIp) return undefined;
    const ip = normalizeIp(request.ip);
    let reason = snapshot.exactIps.get(ip);
    if (reason === undefined && snapshot.ips && inAddressSet(snapshot.ips, ip)) {
      reason = snapshot.ipReasons.find((r) => inAddressSet(r.list, ip))?.reason ?? '';
    }
    return reason === undefined ? undefined : new AppError('OPEN_BLACKLISTED', { reason });
  }

  /**
   * A partner token's call (the auth guard's partner gate): the application, its IP ranges, the interface,
   * the rate limit, the session (revocation is read from the database on every call) and the daily quota;
   * answers the owning account the call acts as.
   */
  readonly gate = async (request: FastifyRequest, claims: AccessClaims): Promise<SessionUser> => {
    const clientId = claims.cid as string;
    const client = await this.client(clientId);
    const row = client.row;
    if (!row || row.accountId !== claims.sub) throw new AppError('UNAUTHORIZED');
    const key = interfaceKeyOf(request.method, request.routeOptions.url ?? request.url);
    request.partner = { apiUserId: row.id, clientId, sessionId: claims.sid, key };
    const now = this.now();
    const snapshot = await this.currentSnapshot();
    const refused = this.activeRefusal(row, now) ?? this.blacklistRefusal(snapshot, row);
    if (refused) throw refused;
    const ip = normalizeIp(request.ip);
    if (row.ipRanges.length > 0 && !inAddressSet(client.ips, ip)) throw new AppError('OPEN_IP_NOT_ALLOWED', { ip });
    if (key !== PARTNER_DOCS_KEY) {
      const open = this.catalogue().has(key) && !snapshot.disabled.has(key) && client.interfaces.has(key);
      if (!open) throw new AppError('OPEN_INTERFACE_NOT_ALLOWED', { key });
    }
    const rate = await this.deps.limiter.hit(row.id, row.rateLimit, now);
    request.partner.rateHeaders = rateLimitHeaders(row.rateLimit, rate);
    if (!rate.ok) {
      throw withHeaders(new AppError('OPEN_RATE_LIMITED', { limit: row.rateLimit, seconds: rate.retryAfter }), {
        'retry-after': String(rate.retryAfter),
      });
    }
    const counted = await this.usage.count(claims.sid, row.id, row.dailyQuota, now);
    if (!counted.live) throw new AppError('OPEN_SESSION_REVOKED');
    if (!counted.allowed) {
      throw withHeaders(new AppError('OPEN_QUOTA_EXCEEDED', { quota: row.dailyQuota }), {
        'retry-after': String(secondsToUtcMidnight(now)),
      });
    }
    const user = await this.owner(row.accountId, request.lang);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  };

  /** The owning account as a session user, read again after CACHE_MS (a disabled account stops soon). */
  private async owner(accountId: string, lang: Language): Promise<SessionUser | null> {
    const key = `${accountId}|${lang}`;
    const cached = this.owners.get(key);
    if (cached && performance.now() - cached.loadedAt < CACHE_MS) return cached.user;
    const user = await this.deps.resolveAccount(accountId, lang);
    if (this.owners.size > 10_000) this.owners.clear();
    this.owners.set(key, { loadedAt: performance.now(), user });
    return user;
  }

  private async client(clientId: string): Promise<CachedClient> {
    const cached = this.clients.get(clientId);
    if (cached && performance.now() - cached.loadedAt < CACHE_MS) return cached;
    const row = await repo.apiUserByClientId(this.ctx.db, clientId);
    const entry: CachedClient = {
      loadedAt: performance.now(),
      row,
      ips: addressSet(row?.ipRanges ?? []),
      interfaces: new Set(row?.interfaces ?? []),
    };
    if (this.clients.size > 10_000) this.clients.clear();
    this.clients.set(clientId, entry);
    return entry;
  }

  private freshSnapshot(): Snapshot | null {
    const s = this.snapshot;
    return s && performance.now() - s.loadedAt < CACHE_MS ? s : null;
  }

  private currentSnapshot(): Promise<Snapshot> {
    const fresh = this.freshSnapshot();
    if (fresh) return Promise.resolve(fresh);
    if (this.snapshotLoading) return this.snapshotLoading;
    const loading = this.loadSnapshot().finally(() => {
      if (this.snapshotLoading === loading) this.snapshotLoading = null;
    });
    this.snapshotLoading = loading;
    return loading;
  }

  private async loadSnapshot(): Promise<Snapshot> {
    // A change on this instance while the lists load makes this copy stale: it is answered, not kept.
    const generation = this.snapshotGeneration;
    const [entries, switches] = await Promise.all([
      repo.liveBlacklist(this.ctx.db, this.now()),
      repo.interfaceSwitches(this.ctx.db),
    ]);
    const ipEntries = entries.filter((e) => e.kind === 'ip');
    const exactIps = new Map<string, string>();
    const ranged = ipEntries.filter((e) => {
      if (!isIPv4(e.value)) return true;
      if (!exactIps.has(e.value)) exactIps.set(e.value, e.reason);
      return false;
    });
    const snapshot: Snapshot = {
      loadedAt: performance.now(),
      anyIp: ipEntries.length > 0,
      exactIps,
      ips: ranged.length > 0 ? addressSet(ranged.map((e) => e.value)) : null,
      ipReasons: ranged.map((e) => ({ list: addressSet([e.value]), reason: e.reason })),
      clients: new Map(entries.filter((e) => e.kind === 'client').map((e) => [e.value, e.reason])),
      accounts: new Map(entries.filter((e) => e.kind === 'account').map((e) => [e.value, e.reason])),
      disabled: new Set(switches.filter((s) => !s.enabled).map((s) => s.key)),
    };
    if (generation === this.snapshotGeneration) this.snapshot = snapshot;
    return snapshot;
  }

  /** Drops this instance's copy at once (others reload within CACHE_MS). */
  private invalidateSnapshot() {
    this.snapshot = null;
    this.snapshotLoading = null;
    this.snapshotGeneration += 1;
  }

  // ---------------------------------------------------------------- interfaces

  private catalogue() {
    if (!this.catalogueCache) {
      const found = new Map<string, { method: string; path: string; summary: string }>();
      for (const [path, operations] of Object.entries(this.deps.openApi().paths ?? {})) {
        for (const [method, operation] of Object.entries(operations ?? {})) {
          if (!operation?.tags?.includes(OPEN_TAG)) continue;
          const upper = method.toUpperCase();
          found.set(`${upper} ${path}`, { method: upper, path, summary: operation.summary ?? '' });
        }
      }
      this.catalogueCache = found;
    }
    return this.catalogueCache;
  }

  private switches(snapshot: Snapshot) {
    return snapshot.disabled;
  }

  private allowedKeys(interfaces: readonly string[], disabled: Set<string>): string[] {
    const catalogue = this.catalogue();
    return interfaces.filter((key) => catalogue.has(key) && !disabled.has(key));
  }

  async interfaces(): Promise<OpenInterface[]> {
    const disabled = new Set((await repo.interfaceSwitches(this.ctx.db)).filter((s) => !s.enabled).map((s) => s.key));
    return [...this.catalogue()].map(([key, i]) => ({ key, ...i, enabled: !disabled.has(key) }));
  }

  async toggleInterface(key: string, enabled: boolean, actor: Actor): Promise<OpenInterface> {
    const found = this.catalogue().get(key);
    if (!found) throw notFound();
    await this.ctx.db.transaction(async () => {
      await repo.putInterfaceSwitch(this.ctx.db, key, enabled, this.now());
      await this.recordChange(actor, enabled ? 'interface.enable' : 'interface.disable', key);
    });
    this.invalidateSnapshot();
    return { key, ...found, enabled };
  }

  /**
   * The OpenAPI document with only the paths this partner may call (its documentation); for a logged-in
   * user, every open interface that is switched on (what root offers to partners).
   */
  async partnerDocument(partner: PartnerCall | null): Promise<OpenApiDocument> {
    const disabled = this.switches(await this.currentSnapshot());
    const keys = partner ? [...(await this.client(partner.clientId)).interfaces] : [...this.catalogue().keys()];
    const allowed = new Set([...this.allowedKeys(keys, disabled), PARTNER_DOCS_KEY]);
    return partnerDocument(this.deps.openApi() as OpenApiDoc, allowed) as unknown as OpenApiDocument;
  }

  // ---------------------------------------------------------------- sessions

  async pageSessions(q: { start: number; limit: number; apiUserId?: string; state: 'live' | 'all' }) {
    await this.usage.flush();
    const now = this.now();
    const { rows, total } = await repo.sessionsPage(this.ctx.db, q, now);
    return {
      total,
      datas: rows.map(({ session: s, apiUserName, clientId }) => ({
        id: s.id,
        apiUserId: s.apiUserId,
        apiUserName,
        clientId,
        ip: s.ip,
        issuedTime: toUnixSeconds(s.issuedAt) ?? 0,
        expiresTime: toUnixSeconds(s.expiresAt) ?? 0,
        lastUsedTime: toUnixSeconds(s.lastUsedAt),
        calls: s.calls,
        revoked: s.revokedAt !== null,
      })),
    };
  }

  /** Revokes a session: its next call fails on every instance (the session is read on every call). */
  async revokeSession(id: string, actor: Actor): Promise<void> {
    await this.ctx.db.transaction(async () => {
      const revoked = await repo.revokeSession(this.ctx.db, id, this.now());
      if (!revoked) throw notFound();
      await this.recordChange(actor, 'session.revoke', id);
    });
    this.usage.forget(id);
  }

  async cleanExpiredSessions(): Promise<number> {
    await repo.deleteExpiredSessions(this.ctx.db, new Date(this.now().getTime() - 7 * 86400_000));
    return 0;
  }

  // ---------------------------------------------------------------- blacklist

  private toBlacklistEntry(row: Awaited<ReturnType<typeof repo.insertBlacklist>>) {
    return {
      id: row.id,
      kind: row.kind,
      value: row.value,
      reason: row.reason,
      expiresTime: toUnixSeconds(row.expiresAt),
      createTime: toUnixSeconds(row.createdAt) ?? 0,
      createdBy: row.createdBy,
    };
  }

  async pageBlacklist(q: { start: number; limit: number; kind?: string }) {
    const { rows, total } = await repo.blacklistPage(this.ctx.db, q);
    return { total, datas: rows.map((r) => this.toBlacklistEntry(r)) };
  }

  async addBlacklist(
    input: { kind: 'ip' | 'client' | 'account'; value: string; reason: string; expiresTime: number | null },
    actor: Actor,
  ) {
    // Refusing one's own address would lock root out of every instance.
    const own = normalizeIp(actor.ip);
    if (input.kind === 'ip' && inAddressSet(addressSet([input.value]), own)) {
      throw new AppError('OPEN_BLACKLIST_SELF', { ip: own }, 'value');
    }
    const row = await this.ctx.db.transaction(async () => {
      const inserted = await repo.insertBlacklist(this.ctx.db, {
        id: newId(),
        kind: input.kind,
        value: input.value,
        reason: input.reason,
        expiresAt: input.expiresTime === null ? null : new Date(input.expiresTime * 1000),
        createdAt: this.now(),
        createdBy: actor.username,
      });
      await this.recordChange(actor, 'blacklist.add', `${input.kind} ${input.value}`);
      return inserted;
    });
    this.invalidateSnapshot();
    return this.toBlacklistEntry(row);
  }

  async removeBlacklist(id: string, actor: Actor): Promise<void> {
    await this.ctx.db.transaction(async () => {
      const removed = await repo.deleteBlacklist(this.ctx.db, id);
      if (!removed) throw notFound();
      await this.recordChange(actor, 'blacklist.remove', `${removed.kind} ${removed.value}`);
    });
    this.invalidateSnapshot();
  }

  // ---------------------------------------------------------------- audit log

  /** A change made on the open platform pages, in the caller's transaction. */
  async recordChange(actor: Actor, action: string, target: string) {
    await writeAuditEntries(this.ctx.db, [
      {
        id: newId(),
        at: this.now(),
        source: 'openPlatform',
        actorKind: 'user',
        actor: actor.username,
        action,
        target,
        ip: normalizeIp(actor.ip),
        status: 200,
      },
    ]);
  }

  /** After the answer of a partner call: buffered, written in batches (every second or 200 calls). */
  recordCall(request: FastifyRequest, status: number) {
    const partner = request.partner;
    if (!partner) return;
    this.auditBuffer.push({
      id: newId(),
      at: this.now(),
      source: 'openPlatform',
      actorKind: 'partner',
      actor: partner.clientId,
      action: partner.key,
      target: request.url.slice(0, 500),
      ip: normalizeIp(request.ip),
      status,
    });
    if (this.auditBuffer.length >= AUDIT_BATCH) void this.flushAudit();
    else this.auditTimer ??= setTimeout(() => void this.flushAudit(), AUDIT_FLUSH_MS).unref();
  }

  /** Writes the buffered partner calls (also before the audit log is read, and at close). */
  flushAudit(): Promise<void> {
    if (this.auditTimer) clearTimeout(this.auditTimer);
    this.auditTimer = null;
    const rows = this.auditBuffer;
    this.auditBuffer = [];
    this.auditFlushing = this.auditFlushing
      .then(() => writeAuditEntries(this.ctx.db, rows))
      .catch((err) => this.ctx.log.warn({ err }, 'open platform audit log'));
    return this.auditFlushing;
  }

  async pageAudit(q: { start: number; limit: number; actorKind?: 'user' | 'partner'; actor?: string }) {
    await this.flushAudit();
    const { rows, total } = await auditLogPage(this.ctx.db, { ...q, source: 'openPlatform' });
    return {
      total,
      datas: rows.map((r) => ({
        id: r.id,
        time: toUnixSeconds(r.at) ?? 0,
        actorKind: r.actorKind,
        actor: r.actor,
        action: r.action,
        target: r.target,
        ip: r.ip,
        status: r.status,
      })),
    };
  }

  async close() {
    await this.usage.flush();
    await this.flushAudit();
    await this.deps.limiter.close();
  }
}
