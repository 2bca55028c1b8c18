import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a default for every optional variable', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.REGION).toBe('CN');
  });

  it("takes the platform's time zone as a current IANA name and refuses an unknown one", () => {
    expect(loadConfig({}).TIME_ZONE).toBe('Asia/Shanghai');
    expect(loadConfig({ TIME_ZONE: 'Asia/Calcutta' }).TIME_ZONE).toBe('Asia/Kolkata');
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE: must be an IANA time zone/);
  });

  it('fails fast with one readable message naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REGION: 'XX' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('Invalid configuration');
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    }
  });

  it('loads the demo only on the embedded default, unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({}).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    const prod = loadConfig({ NODE_ENV: 'production' });
    expect([prod.production, prod.SEED_DEMO]).toEqual([true, false]);
    const pg = loadConfig({ DATABASE_URL: 'postgres://db/ads' });
    expect([pg.production, pg.SEED_DEMO]).toEqual([true, false]);
    const devPg = loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/ads' });
    expect([devPg.production, devPg.SEED_DEMO]).toEqual([false, false]);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).ALLOW_DEMO_PASSWORDS).toBe(false);
  });

  it('refuses secrets too short to be secret', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ STORAGE_SECRET: 'short' })).toThrow(/STORAGE_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('takes the certificate signing key as an Ed25519 PKCS#8 PEM or its base64 DER, and refuses any other key', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(loadConfig({ CERTIFICATE_SIGNING_KEY: pem }).CERTIFICATE_SIGNING_KEY).toBe(pem);
    expect(loadConfig({ CERTIFICATE_SIGNING_KEY: der }).CERTIFICATE_SIGNING_KEY).toBe(der);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY: rsa.toString() })).toThrow(
      /CERTIFICATE_SIGNING_KEY: must be an Ed25519 private key \(this is rsa key\)/,
    );
    expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY: 'not a key' })).toThrow(
      /CERTIFICATE_SIGNING_KEY: must be an Ed25519 private key: a PKCS#8 PEM/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });
});
