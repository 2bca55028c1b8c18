import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Proof-of-play certificates as issued (docs/certificates.md): the signed payload exactly as signed (its
 * canonical JSON), the Ed25519 signature and the public key it verifies under, so that a certificate stays
 * verifiable after the signing key is rotated.
 */
export const proofCertificates = pgTable(
  'proof_certificates',
  {
    /** The verification code as printed, `XXXX-XXXX-XXXX-XXXX`. */
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    planId: text('plan_id').notNull(),
    /** The order of an order's certificate (never answered publicly). */
    orderId: text('order_id'),
    /** The account that downloaded the PDF (never answered publicly). */
    issuedBy: text('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The canonical JSON of the payload: the signed message, byte for byte. */
    payload: text('payload').notNull(),
    /** base64 of the 64-byte signature. */
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    /** SPKI PEM of the key's public half. */
    publicKey: text('public_key').notNull(),
  },
  (t) => [index('proof_certificates_key_idx').on(t.keyId), index('proof_certificates_plan_idx').on(t.planId)],
);
export type ProofCertificateRow = typeof proofCertificates.$inferSelect;
