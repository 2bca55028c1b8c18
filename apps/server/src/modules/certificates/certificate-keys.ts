import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { ed25519PrivateKey } from '../../platform/signing-key';
import type { SecretStore } from '../../platform/tokens';

/** Where a generated signing key is kept (the system module's settings, as the token secret). */
const STORE_KEY = 'certificates.signingKey';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SPKI PEM of the public key. */
  publicPem: string;
  keyId: string;
}

/** A key's id: the first 16 hex digits of the SHA-256 of its public key's SPKI DER. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The Ed25519 key certificates are signed with: CERTIFICATE_SIGNING_KEY, or one generated once and kept in
 * the secret store, so that every instance on the same database signs with the same key (the first writer
 * wins, as for JWT_SECRET).
 */
export class CertificateKeys {
  private key: Promise<SigningKey> | null = null;

  constructor(
    private readonly secrets: SecretStore,
    private readonly configured: string | undefined,
  ) {}

  current(): Promise<SigningKey> {
    this.key ??= this.load().catch((err) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }

  private async load(): Promise<SigningKey> {
    const pem =
      this.configured ??
      (await this.secrets.getOrCreate(STORE_KEY, () =>
        generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      ));
    if (typeof pem !== 'string') throw new Error('certificate signing key missing');
    const privateKey = ed25519PrivateKey(pem);
    const publicKey = createPublicKey(privateKey);
    return {
      privateKey,
      publicKey,
      publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      keyId: keyIdOf(publicKey),
    };
  }
}
