import { createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import {
  CODE_ALPHABET,
  canonicalJson,
  formatCertificateCode,
  normalizeCertificateCode,
} from '@robot-ads/contracts/certificates/certificates.rules';
import type {
  CertificateKey,
  CertificatePayload,
  CertificateView,
  VerifyCertificateBody,
} from '@robot-ads/contracts/certificates/certificates.schemas';
import QRCode from 'qrcode';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import type { SecretStore } from '../../platform/tokens';
import { CertificateKeys, keyIdOf } from './certificate-keys';
import { certificateByCode, insertCertificate, keysOnRecord, publicKeyOf } from './certificates.repository';

/** What a certificate states, as its issuer computed it (the payload without code, time and key). */
export type CertificateFacts = Omit<CertificatePayload, 'version' | 'code' | 'issuedAt' | 'keyId'>;

/** A certificate just issued: what the PDF prints (code, page address, QR code of the address). */
export interface IssuedCertificate {
  code: string;
  url: string;
  payload: CertificatePayload;
  signature: string;
  /** PNG of the QR code of `url`. */
  qrPng: Buffer;
}

/** The origin a request came to (scheme and host, as the proxy forwarded them when TRUST_PROXY is on). */
export const originOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

/** The path of the public page of a code (apps/web: features/certificates). */
export const VERIFY_PAGE_PATH = '/verify';

/** A new code: 80 random bits in Crockford's base 32, grouped by four. */
function newCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return formatCertificateCode(out);
}

/** Whether `signature` (base64) is the Ed25519 signature of `message` under the SPKI PEM `publicPem`. */
function signatureHolds(message: string, signature: string, publicPem: string): boolean {
  const sig = Buffer.from(signature, 'base64');
  if (sig.length !== 64 || sig.toString('base64') !== signature) return false;
  try {
    return verify(null, Buffer.from(message, 'utf8'), createPublicKey(publicPem), sig);
  } catch {
    return false;
  }
}

/** The id of an SPKI PEM public key, or null when the text is no key. */
function keyIdOfPem(publicPem: string): string | null {
  try {
    return keyIdOf(createPublicKey(publicPem));
  } catch {
    return null;
  }
}

/**
 * Proof-of-play certificates anyone can verify (docs/certificates.md): issuing signs what a certificate states
 * and keeps it under a verification code; the public calls show it by code and check a payload and signature
 * someone holds.
 */
export class CertificatesService {
  readonly keys: CertificateKeys;

  constructor(
    private readonly ctx: PlatformContext,
    secrets: SecretStore,
  ) {
    this.keys = new CertificateKeys(secrets, ctx.config.CERTIFICATE_SIGNING_KEY);
  }

  /** The public page of a code: under PUBLIC_URL when set, else under the origin the request came to. */
  urlOf(code: string, origin: string): string {
    const base = (this.ctx.config.PUBLIC_URL ?? origin).replace(/\/+$/, '');
    return `${base}${VERIFY_PAGE_PATH}/${code}`;
  }

  /** Signs the facts under a new code, keeps the certificate and gives what the PDF prints. */
  async issue(
    facts: CertificateFacts,
    meta: { planId: string; orderId?: string | null; issuedBy?: string | null; origin: string },
  ): Promise<IssuedCertificate> {
    const key = await this.keys.current();
    const now = this.ctx.clock.now();
    const code = newCode();
    const payload: CertificatePayload = {
      version: 1,
      code,
      issuedAt: Math.floor(now.getTime() / 1000),
      keyId: key.keyId,
      ...facts,
    };
    const signed = canonicalJson(payload);
    const signature = sign(null, Buffer.from(signed, 'utf8'), key.privateKey).toString('base64');
    await insertCertificate(this.ctx.db, {
      code,
      kind: facts.kind,
      planId: meta.planId,
      orderId: meta.orderId ?? null,
      issuedBy: meta.issuedBy ?? null,
      issuedAt: now,
      payload: signed,
      signature,
      keyId: key.keyId,
      publicKey: key.publicPem,
    });
    const url = this.urlOf(code, meta.origin);
    const qrPng = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
    return { code, url, payload, signature, qrPng };
  }

  /** The certificate of a code as printed (any case, with or without hyphens); 404 when none has it. */
  async byCode(input: string, origin: string): Promise<CertificateView> {
    const code = normalizeCertificateCode(input);
    const row = code ? await certificateByCode(this.ctx.db, code) : undefined;
    if (!row) throw new AppError('CERTIFICATE_NOT_FOUND', { code: input.slice(0, 64) });
    const payload = JSON.parse(row.payload) as CertificatePayload;
    const current = await this.keys.current();
    // The row as kept must be the message that was signed, for this code and this key.
    const consistent =
      canonicalJson(payload) === row.payload &&
      payload.code === row.code &&
      payload.keyId === row.keyId &&
      keyIdOfPem(row.publicKey) === row.keyId;
    return {
      code: row.code,
      url: this.urlOf(row.code, origin),
      payload,
      signed: row.payload,
      signature: row.signature,
      algorithm: 'Ed25519',
      keyId: row.keyId,
      publicKey: row.publicKey,
      signatureValid: consistent && signatureHolds(row.payload, row.signature, row.publicKey),
      currentKey: row.keyId === current.keyId,
    };
  }

  /**
   * Checks a payload and signature someone holds: the signature must hold over the payload's canonical JSON
   * under the key it names, and that key must be one this platform signs or signed with. A changed figure
   * is refused (CERTIFICATE_SIGNATURE_INVALID).
   */
  async verify(body: VerifyCertificateBody) {
    const { payload, signature } = body;
    const current = await this.keys.current();
    const publicPem =
      payload.keyId === current.keyId ? current.publicPem : await publicKeyOf(this.ctx.db, payload.keyId);
    if (!publicPem) throw new AppError('CERTIFICATE_KEY_UNKNOWN', { keyId: payload.keyId }, 'payload.keyId');
    const signed = canonicalJson(payload);
    if (!signatureHolds(signed, signature, publicPem)) {
      throw new AppError('CERTIFICATE_SIGNATURE_INVALID', {}, 'signature');
    }
    const row = await certificateByCode(this.ctx.db, payload.code);
    return {
      valid: true as const,
      code: payload.code,
      keyId: payload.keyId,
      issuedAt: payload.issuedAt,
      onRecord: row?.payload === signed,
    };
  }

  /** The key new certificates are signed with, and every key a certificate on record was signed with. */
  async publicKeys(): Promise<{ current: CertificateKey; keys: CertificateKey[] }> {
    const current = await this.keys.current();
    const mine: CertificateKey = {
      keyId: current.keyId,
      algorithm: 'Ed25519',
      publicKey: current.publicPem,
      current: true,
    };
    const earlier = (await keysOnRecord(this.ctx.db))
      .filter((k) => k.keyId !== current.keyId)
      .map((k): CertificateKey => ({ keyId: k.keyId, algorithm: 'Ed25519', publicKey: k.publicKey, current: false }));
    return { current: mine, keys: [mine, ...earlier] };
  }
}
