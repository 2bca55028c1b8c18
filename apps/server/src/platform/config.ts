import path from 'node:path';
import { canonicalTimeZone } from '@robot-ads/contracts/playback/zoned-time';
import { DEFAULT_TIME_ZONE } from '@robot-ads/contracts/playlists/playlists.schemas';
import { z } from 'zod';
import { type Network, parseNetworks } from './outbound/address-policy';
import { ed25519PrivateKey } from './signing-key';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, with its default. The README lists the same table. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines (pino-pretty) when standard output is a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The Ed25519 key proof-of-play certificates are signed with (docs/certificates.md): a PKCS#8 PEM or the
   * base64 of its DER. Unset: one is generated once and kept in the database.
   */
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      try {
        ed25519PrivateKey(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REGION: z.enum(['CN', 'HK']).default('CN'),
  /**
   * The platform's time zone (IANA): bills' calendar months, the day in order numbers, and the times of
   * exports that name no zone of their own are read in it, and each says so.
   */
  TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .transform((zone, ctx) => {
      const canonical = canonicalTimeZone(zone);
      if (canonical) return canonical;
      ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone (e.g. Asia/Shanghai)' });
      return z.NEVER;
    }),
  /** Login attempts per IP per minute (default 30; unlimited-ish in tests unless set). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /**
   * Where one-time login codes go: the server POSTs `{ channel: 'sms'|'email', to, text }` JSON to this
   * URL (the deployment's SMS/e-mail gateway). Unset: advertiser two-factor login cannot be turned on.
   */
  MESSAGE_WEBHOOK_URL: z.string().url().optional(),
  /**
   * The WeChat mini-program (issue 18): its AppID and AppSecret, and the base URL of WeChat's API (the
   * code-to-session and phone-number calls). Unset AppID or secret: mini-program sign-in is refused.
   */
  WECHAT_APPID: z.string().min(1).optional(),
  WECHAT_SECRET: z.string().min(1).optional(),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /**
   * Networks (CIDR list, comma-separated) that partner webhooks and other user-set outbound addresses may
   * reach although they are private (a partner on premises). Empty: only public addresses.
   */
  WEBHOOK_ALLOWED_NETWORKS: z
    .string()
    .default('')
    .transform((list, ctx): Network[] => {
      try {
        return parseNetworks(list);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of CIDR ranges (e.g. 10.1.0.0/16)' });
        return z.NEVER;
      }
    }),
  /**
   * Load the demo data into a database that holds no account. Unset: yes on the embedded default
   * (`npm start` without NODE_ENV=production and without DATABASE_URL), no otherwise (see `production`).
   */
  SEED_DEMO: bool.optional(),
  /**
   * The first administrator (a root operator), created at start on a database that holds no account.
   * The password must satisfy the password policy. Ignored once any account exists.
   */
  ADMIN_USERNAME: z.string().trim().min(2, 'must be at least 2 characters').max(64).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  /** In production the server refuses to start while an account has the published demo password; `true` allows it. */
  ALLOW_DEMO_PASSWORDS: bool.default(false),
  /**
   * Robots of the living demo: with demo data in the database, this many demo robots run inside the
   * server and speak the device protocol to it (online, pulls, plays). 0 turns it off.
   */
  DEMO_FLEET: z.coerce.number().int().min(0).max(1000).default(40),
  /**
   * Raw play and scan events older than this many days (by their start) are removed by the nightly
   * clean-up; the quarter, day and month rollups that reports read are kept for ever.
   */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
  // Plays older than this are flagged (tooOld) on ingest. Broadsign's players keep offline proof of play
  // about 30 days, so a robot offline for a week or two loses nothing (DV360's 3 days would lose it).
  EVENT_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  // off: every play is counted as verified (the audit's verdicts are not computed); for test fixtures of
  // the rollup arithmetic and for a fleet whose firmware is being migrated. Default on.
  EVENT_AUDIT: z.enum(['on', 'off']).default('on'),
  /** PostgreSQL cancels a single statement that runs longer than this (ms). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * A request that has not answered after this long answers 503 REQUEST_TIMEOUT (spec section 7: 50 s);
   * whatever its handler answers later is dropped.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(50_000),
  /** /api/health answers 503 when the database has not answered the watchdog's ping for this long. */
  DB_WATCHDOG_SECONDS: z.coerce.number().int().min(1).default(10),
  JOBS: bool.default(true),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers this machine only (loopback). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** On SIGTERM/SIGINT: the longest wait (ms) for requests in flight and open sockets before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(20_000),
  /** How often (ms) the last-seen times of beating robots are written to the database; a crash loses at most this much of them. */
  PRESENCE_FLUSH_MS: z.coerce.number().int().min(500).max(60_000).default(2000),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: bool.default(false),
  /** Where uploaded materials live: `local` (files under DATA_DIR/storage) or `s3` (S3-compatible). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** HMAC secret for signed upload/download links of the local driver (generated under DATA_DIR when unset). */
  STORAGE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Per-account storage for materials in MB: registered plus pending uploads (GET /api/Media/oss refuses beyond it). */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(10240),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (MinIO and most S3-compatible servers); `false` for virtual-hosted buckets (AWS, OSS). */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Tries per S3 request, the first included (standard retry mode: exponential backoff with jitter). */
  S3_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Milliseconds to open a connection to the S3 endpoint. */
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Milliseconds an S3 request may wait without a byte from the store before it fails (and is retried). */
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  WEB_DIST: z.string().default('apps/web/dist'),
  PLAYER_DIST: z.string().default('apps/player/dist'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'SEED_DEMO'> & {
  dataDir: string;
  /** Whether demo data loads (SEED_DEMO, or its default for this kind of start). */
  SEED_DEMO: boolean;
  /**
   * A production start: NODE_ENV=production given, or DATABASE_URL set without NODE_ENV=development/test.
   * It loads no demo unless SEED_DEMO=true, needs a first administrator on an empty database and refuses
   * accounts with the demo password (docs/operations.md "Going live").
   */
  production: boolean;
};

/** The kind of start, from the environment as given (NODE_ENV's own default is `production`). */
export function startKind(env: { NODE_ENV?: string; DATABASE_URL?: string }): {
  production: boolean;
  demoByDefault: boolean;
} {
  const nodeEnv = env.NODE_ENV || undefined;
  const postgres = Boolean(env.DATABASE_URL);
  return {
    production: nodeEnv === 'production' || (postgres && nodeEnv !== 'development' && nodeEnv !== 'test'),
    demoByDefault: nodeEnv !== 'production' && !postgres,
  };
}

export class ConfigError extends Error {}

/** Reads the environment; on a bad value, throws one readable message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema
    .superRefine((c, ctx) => {
      if (c.STORAGE_DRIVER !== 's3') return;
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when STORAGE_DRIVER=s3' });
      }
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const kind = startKind(cleaned);
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? kind.demoByDefault,
    production: kind.production,
    dataDir: path.resolve(parsed.data.DATA_DIR),
  };
}
