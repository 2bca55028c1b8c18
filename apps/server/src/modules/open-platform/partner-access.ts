import { type BlockList, isIPv4 } from 'node:net';
import { performance } from 'node:perf_hooks';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import {
  type ClientCredentialsToken,
  PARTNER_TOKEN_SECONDS,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { FastifyRequest } from 'fastify';
import { AppError, withHeaders } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { type PasswordCost, verifyDummy, verifyPassword } from '../../platform/passwords';
import type { SessionUser } from '../../platform/session-user';
import type { AccessClaims } from '../../platform/tokens';
import {
  interfaceKeyOf,
  OPEN_TAG,
  type OpenApiDocument,
  type OpenPlatformDeps,
  PARTNER_DOCS_KEY,
} from './open-platform.model';
import * as repo from './open-platform.repository';
import type { OpenApiUserRow } from './open-platform.table';
import { addressSet, inAddressSet, normalizeIp, rateLimitHeaders } from './partner-limits';
import { requestedKeys, scopeOf, secretFingerprint, secretStillValid } from './partner-scopes';
import { PartnerUsage } from './partner-usage';

/** How long an instance trusts its copy of the blacklist, switches and applications. */
const CACHE_MS = 2000;

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

const secondsToUtcMidnight = (now: Date) => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
};

/**
 * The check chain of every partner call (blacklist, application, IP ranges, interface, rate limit, session,
 * quota), the partner token it starts from, and the copies it keeps: blacklist and switches, applications,
 * owning accounts, the interface catalogue. docs/open-platform.md.
 */
export class PartnerAccess {
  private snapshot: Snapshot | null = null;
  private snapshotLoading: Promise<Snapshot> | null = null;
  private snapshotGeneration = 0;
  private readonly clients = new Map<string, CachedClient>();
  private readonly owners = new Map<string, { loadedAt: number; user: SessionUser | null }>();
  readonly usage: PartnerUsage;
  private catalogueCache: Map<string, { method: string; path: string; summary: string }> | null = null;

  constructor(
    private readonly ctx: PlatformContext,
    private readonly deps: OpenPlatformDeps,
    private readonly cost: PasswordCost,
  ) {
    this.usage = new PartnerUsage(() => ctx.db, ctx.log);
  }

  private now() {
    return this.ctx.clock.now();
  }

  /** The app's OpenAPI document. */
  openApi(): OpenApiDocument {
    return this.deps.openApi();
  }

  /** Forgets this instance's copy of an application (after it changed here). */
  forgetClient(clientId: string) {
    this.clients.delete(clientId);
  }

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

  /**
   * grant_type=client_credentials: a short-lived partner token; each token is a partner session. It carries
   * the fingerprint of the secret it was issued with (it ends with that secret) and, when fewer scopes were
   * asked for, the interfaces it may call.
   */
  async issueToken(input: {
    clientId: string;
    clientSecret: string;
    ip: string;
    scope?: string;
  }): Promise<ClientCredentialsToken> {
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
    const allowed = this.allowedKeys(row.interfaces, this.switches(await this.currentSnapshot()));
    const keys = requestedKeys(allowed, input.scope);
    const narrowed = Boolean(input.scope?.trim());
    const sessionId = newId();
    await repo.insertSession(this.ctx.db, {
      id: sessionId,
      apiUserId: row.id,
      ip,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + PARTNER_TOKEN_SECONDS * 1000),
    });
    const secretHash = current ? row.secretHash : (row.previousSecretHash as string);
    const token = await this.ctx.tokens.sign(
      {
        sub: row.accountId,
        sid: sessionId,
        role: 'partner',
        cid: row.clientId,
        sfp: secretFingerprint(secretHash),
        ...(narrowed ? { scp: keys } : {}),
      },
      now,
      PARTNER_TOKEN_SECONDS,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: PARTNER_TOKEN_SECONDS,
      scope: keys.map(scopeOf).join(' '),
    };
  }

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
    if (!secretStillValid(row, claims.sfp, now)) throw new AppError('OPEN_SECRET_ROTATED');
    const snapshot = await this.currentSnapshot();
    const refused = this.activeRefusal(row, now) ?? this.blacklistRefusal(snapshot, row);
    if (refused) throw refused;
    const ip = normalizeIp(request.ip);
    if (row.ipRanges.length > 0 && !inAddressSet(client.ips, ip)) throw new AppError('OPEN_IP_NOT_ALLOWED', { ip });
    if (key !== PARTNER_DOCS_KEY) {
      const open =
        this.catalogue().has(key) &&
        !snapshot.disabled.has(key) &&
        client.interfaces.has(key) &&
        (!claims.scp || claims.scp.includes(key));
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

  async client(clientId: string): Promise<CachedClient> {
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

  currentSnapshot(): Promise<Snapshot> {
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
  invalidateSnapshot() {
    this.snapshot = null;
    this.snapshotLoading = null;
    this.snapshotGeneration += 1;
  }

  catalogue() {
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

  switches(snapshot: Snapshot) {
    return snapshot.disabled;
  }

  allowedKeys(interfaces: readonly string[], disabled: Set<string>): string[] {
    const catalogue = this.catalogue();
    return interfaces.filter((key) => catalogue.has(key) && !disabled.has(key));
  }

  /** Closes the rate limiter (at the app's close, after the usage and the audit log were written). */
  closeLimiter(): Promise<void> {
    return this.deps.limiter.close();
  }
}
