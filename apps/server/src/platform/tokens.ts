import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_TIME_SECONDS } from '@robot-ads/contracts/auth/auth.schemas';

/** What an access token says: the account, its login family (session) and when it ends. */
export interface AccessClaims {
  sub: string;
  sid: string;
  role: string;
  iat: number;
  exp: number;
  /** A partner token (open platform): the client id; sid is then the partner session. */
  cid?: string;
  /** A partner token asked for fewer scopes: the interface keys it may call (absent: all granted). */
  scp?: string[];
  /** A partner token: which client secret it was issued with (a fingerprint; refused once that secret ends). */
  sfp?: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

const SECRET_KEY = 'auth.jwtSecret';
const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Where a generated secret is kept so that every instance agrees (the system module's settings). */
export interface SecretStore {
  /** The stored value of `key`, or `create()` stored first when there is none (the first writer wins). */
  getOrCreate(key: string, create: () => string): Promise<unknown>;
}

/**
 * HS256 JWTs signed with JWT_SECRET, or with a secret generated once and kept in the secret store so
 * that every instance on the same database agrees.
 */
export class TokenService {
  private secret: Promise<Buffer> | null = null;

  constructor(
    private readonly secrets: SecretStore,
    private readonly configured: string | undefined,
    readonly ttlSeconds = TOKEN_TIME_SECONDS,
  ) {}

  private getSecret(): Promise<Buffer> {
    this.secret ??= this.loadSecret().catch((err) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  private async loadSecret(): Promise<Buffer> {
    if (this.configured) return Buffer.from(this.configured, 'utf8');
    const value = await this.secrets.getOrCreate(SECRET_KEY, () => randomBytes(48).toString('base64url'));
    if (typeof value !== 'string') throw new Error('token secret missing');
    return Buffer.from(value, 'utf8');
  }

  /** A key for another signature (e.g. QR scan codes), derived from the token secret for one purpose. */
  async derivedKey(purpose: string): Promise<Buffer> {
    return createHmac('sha256', await this.getSecret())
      .update(`derived:${purpose}`)
      .digest();
  }

  async sign(
    claims: { sub: string; sid: string; role: string; cid?: string; scp?: string[]; sfp?: string },
    now: Date,
    ttlSeconds = this.ttlSeconds,
  ): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    const payload = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
    const body = `${HEADER}.${payload}`;
    const sig = createHmac('sha256', await this.getSecret())
      .update(body)
      .digest();
    return `${body}.${b64url(sig)}`;
  }

  async verify(token: string, now: Date): Promise<VerifyResult> {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'invalid' };
    const [header, payload, sig] = parts as [string, string, string];
    const expected = createHmac('sha256', await this.getSecret())
      .update(`${header}.${payload}`)
      .digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    let claims: AccessClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    if (Math.floor(now.getTime() / 1000) >= claims.exp) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }
}

/** An opaque random token (refresh tokens) and its stored hash. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
