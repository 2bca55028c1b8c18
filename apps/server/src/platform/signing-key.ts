import { createPrivateKey, type KeyObject } from 'node:crypto';

/**
 * An Ed25519 private key as an operator configures it (CERTIFICATE_SIGNING_KEY): a PKCS#8 PEM
 * (`-----BEGIN PRIVATE KEY-----`, what `openssl genpkey -algorithm ed25519` writes), or the base64 of its
 * DER (one line, easier in an environment file). Throws a readable message on anything else.
 */
export function ed25519PrivateKey(text: string): KeyObject {
  const value = text.trim().replace(/\\n/g, '\n');
  let key: KeyObject;
  try {
    key = value.startsWith('-----BEGIN')
      ? createPrivateKey({ key: value, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('must be an Ed25519 private key: a PKCS#8 PEM, or the base64 of its DER');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`must be an Ed25519 private key (this is ${key.asymmetricKeyType ?? 'another kind of'} key)`);
  }
  return key;
}
