import type { CertificateView } from '@robot-ads/contracts/certificates/certificates.schemas';
import type { Ok } from '@robot-ads/contracts/common/envelope';
import { api } from '../../../lib/api-client';

export type Certificate = CertificateView;

/** GET /api/certificates/:code (public): the certificate, its signature and whether it holds. */
export const fetchCertificate = (code: string, signal?: AbortSignal) =>
  api.get<Ok<Certificate>>(`/api/certificates/${encodeURIComponent(code)}`, { silent: true, signal });
