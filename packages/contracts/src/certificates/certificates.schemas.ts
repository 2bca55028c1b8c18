import { z } from 'zod';
import { okEnvelope } from '../common/envelope';
import { FLAG_REASONS } from '../play-events/play-events.rules';

/**
 * Proof-of-play certificates anyone can verify (docs/certificates.md): every PDF certificate of a plan or an
 * order is issued with a verification code, and what it states is signed (Ed25519 over the canonical JSON
 * of `certificatePayload`, certificates.rules.ts). The public calls need no login.
 */

const count = z.number().int();
const percent = z.number().nullable();

/** One robot's totals over the certificate's period. */
export const certificateRobot = z.strictObject({
  robotId: z.string().max(200),
  robotName: z.string().max(500),
  /** Days on which the plan was scheduled on the robot, and of those the days with a verified play. */
  scheduledDays: count,
  deliveredDays: count,
  scheduledPlays: count,
  verified: count,
  flagged: count,
  /** verified / scheduledPlays x 100, two decimals, as the report computes it; null without scheduled plays. */
  deliveredPercent: percent,
});

/** What a certificate states, exactly as it was signed (its canonical JSON is the signed message). */
export const certificatePayload = z.strictObject({
  /** The payload's format; a later format gets a new number. */
  version: z.literal(1),
  /** The verification code printed on the certificate, e.g. `7K2M-9QXD-4T1B-HV8R`. */
  code: z.string().max(32),
  /** When the certificate was issued (unix seconds). */
  issuedAt: count,
  /** The signing key (first 16 hex digits of the SHA-256 of its public key's SPKI DER). */
  keyId: z.string().max(64),
  /** A plan's certificate, or an order's (its plan on its screens over its period). */
  kind: z.enum(['plan', 'order']),
  plan: z.strictObject({ id: z.string().max(64), name: z.string().max(500) }),
  order: z.strictObject({ orderNo: z.string().max(64), name: z.string().max(500) }).nullable(),
  customer: z.string().max(500),
  /** The period [begin, end) in unix seconds and the zone its days are counted in. */
  period: z.strictObject({ begin: count, end: count, timeZone: z.string().max(64) }),
  robots: z.array(certificateRobot).max(100_000),
  total: z.strictObject({
    robots: count,
    scheduledDays: count,
    deliveredDays: count,
    scheduledPlays: count,
    deliveredPercent: percent,
    verified: count,
    flagged: count,
    /** verified / (verified + flagged) x 100, two decimals; null without plays. */
    verifiedShare: percent,
    /** Flagged plays by reason. */
    reasons: z.partialRecord(z.enum(FLAG_REASONS), count),
  }),
});
export type CertificatePayload = z.infer<typeof certificatePayload>;

/** A public key certificates are (or were) signed with. */
export const certificateKey = z.object({
  keyId: z.string(),
  algorithm: z.literal('Ed25519'),
  /** The public key, SPKI PEM (`openssl pkeyutl -verify -pubin -inkey <file>` reads it). */
  publicKey: z.string(),
  /** The key the server signs new certificates with. */
  current: z.boolean(),
});
export type CertificateKey = z.infer<typeof certificateKey>;

/** `GET /api/certificates/public-key`: the current key, and every key a certificate on record was signed with. */
export const certificateKeysResponse = okEnvelope(z.object({ current: certificateKey, keys: z.array(certificateKey) }));

/** `GET /api/certificates/:code`: the code as printed (any case, with or without hyphens). */
export const certificateCodeParams = z.object({ code: z.string().max(64) });

/** A certificate on record, with its signature and whether the signature holds. */
export const certificateView = z.object({
  code: z.string(),
  /** The public page that shows it (PUBLIC_URL, else the server the request came to). */
  url: z.string(),
  payload: certificatePayload,
  /** The exact message that was signed: the canonical JSON of the payload. */
  signed: z.string(),
  /** The Ed25519 signature of `signed`, base64 (64 bytes). */
  signature: z.string(),
  algorithm: z.literal('Ed25519'),
  keyId: z.string(),
  publicKey: z.string(),
  /** The signature verifies the payload under the certificate's key. */
  signatureValid: z.boolean(),
  /** That key is the one the server signs with now (false: an earlier key, see docs/certificates.md). */
  currentKey: z.boolean(),
});
export type CertificateView = z.infer<typeof certificateView>;
export const certificateResponse = okEnvelope(certificateView);

/** `POST /api/certificates/verify`: a payload and its signature as someone holds them. */
export const verifyCertificateBody = z.strictObject({
  payload: certificatePayload,
  /** base64 of the 64-byte Ed25519 signature. */
  signature: z.string().max(200),
});
export type VerifyCertificateBody = z.infer<typeof verifyCertificateBody>;

export const verifyCertificateResponse = okEnvelope(
  z.object({
    valid: z.literal(true),
    code: z.string(),
    keyId: z.string(),
    issuedAt: count,
    /** A certificate with this code is on record, with this very payload. */
    onRecord: z.boolean(),
  }),
);
