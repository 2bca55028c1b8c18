import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id. Production uses OWASP's recommended cost (19 MiB, 2 passes); tests (NODE_ENV=test)
 * use a small memory cost so that a suite creating hundreds of accounts stays fast.
 */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

export const PRODUCTION_COST: PasswordCost = { memoryCost: 19456, timeCost: 2 };
export const TEST_COST: PasswordCost = { memoryCost: 1024, timeCost: 1 };

export function passwordCost(nodeEnv: string | undefined): PasswordCost {
  return nodeEnv === 'test' ? TEST_COST : PRODUCTION_COST;
}

export function hashPassword(password: string, cost: PasswordCost = PRODUCTION_COST): Promise<string> {
  return hash(password, { algorithm: 2 /* Argon2id */, parallelism: 1, ...cost });
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Verifies against a throw-away hash, so that an unknown login name costs as much as a known one. */
export async function verifyDummy(cost: PasswordCost, password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing', cost);
  await verifyPassword(await dummy, password);
}
