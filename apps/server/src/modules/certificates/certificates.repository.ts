import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ProofCertificateRow, proofCertificates } from './certificates.table';

export async function insertCertificate(db: DbOrTx, row: ProofCertificateRow): Promise<void> {
  await db.insert(proofCertificates).values(row);
}

export async function certificateByCode(db: DbOrTx, code: string): Promise<ProofCertificateRow | undefined> {
  const [row] = await db.select().from(proofCertificates).where(eq(proofCertificates.code, code));
  return row;
}

/** The public key of `keyId` as a certificate on record names it, if any certificate was signed with it. */
export async function publicKeyOf(db: DbOrTx, keyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ publicKey: proofCertificates.publicKey })
    .from(proofCertificates)
    .where(eq(proofCertificates.keyId, keyId))
    .limit(1);
  return row?.publicKey;
}

/** Every key certificates on record were signed with (one row a key). */
export async function keysOnRecord(db: DbOrTx): Promise<{ keyId: string; publicKey: string }[]> {
  return db
    .selectDistinctOn([proofCertificates.keyId], {
      keyId: proofCertificates.keyId,
      publicKey: proofCertificates.publicKey,
    })
    .from(proofCertificates)
    .orderBy(proofCertificates.keyId);
}
