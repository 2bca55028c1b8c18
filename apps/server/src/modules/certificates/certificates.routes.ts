import {
  certificateCodeParams,
  certificateKeysResponse,
  certificateResponse,
  verifyCertificateBody,
  verifyCertificateResponse,
} from '@robot-ads/contracts/certificates/certificates.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zodRoutes } from '../../platform/zod-routes';
import { type CertificatesService, originOf } from './certificates.service';

/**
 * The public calls of proof-of-play certificates (docs/certificates.md): no login, rate limited per address.
 * Codes carry 80 random bits, so a certificate is shown only to whoever holds its code.
 */
export function certificatesRoutes(service: CertificatesService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['certificates']);
    route.get(
      '/api/certificates/public-key',
      {
        summary:
          'The Ed25519 public key (SPKI PEM) new proof-of-play certificates are signed with, and every key a certificate on record was signed with (public)',
        response: certificateKeysResponse,
        config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async () => service.publicKeys(),
    );
    route.get(
      '/api/certificates/:code',
      {
        summary:
          'A proof-of-play certificate by its verification code (public): what it states (figures, period, plan, robots), the signed message, its Ed25519 signature and key, and whether the signature holds; an unknown code is 404',
        params: certificateCodeParams,
        response: certificateResponse,
        errors: ['CERTIFICATE_NOT_FOUND'],
        config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.byCode(request.params.code, originOf(request));
      },
    );
    route.post(
      '/api/certificates/verify',
      {
        summary:
          'Checks a certificate payload and its signature as someone holds them (public): valid when the signature holds over the canonical JSON of the payload under a key this platform signs with; a changed figure is refused',
        body: verifyCertificateBody,
        response: verifyCertificateResponse,
        errors: ['CERTIFICATE_SIGNATURE_INVALID', 'CERTIFICATE_KEY_UNKNOWN'],
        options: { bodyLimit: 4 * 1024 * 1024 },
        config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) => service.verify(request.body),
    );
  };
}
